/**
 * The payment methods the counter takes: the one table of them. Everything that lists methods
 * derives from it — the contract's `TenderMethod` (its keys, in this order), the lines the
 * builder makes and the rules check (tender.ts, tender-rules.ts), the tender's buttons and the
 * selects of refunds, corrections and cancels, the close's rows on screen and in the report, the
 * store's close, the journal CSV's per-method columns, the receipt's tender lines. A method's
 * words are `methods` (and `methodsOnReceipt`) in main/common/words/money.ts, keyed by its id:
 * the compiler asks for them when a method is added here. The service is told `external` for
 * every one of them (decision J11). Leaf module: data only.
 */

/** What a payment line of a method carries besides its amount, and where the method counts. */
export interface PaymentMethodSpec {
  /** What the guest handed over (`received`, at least the amount; the change is the rest). */
  readonly received: boolean;
  /**
   * The brand: `required` (chosen from the settings' brands, `qrBrands`; the rules refuse a line
   * without one), `optional` (kept when given), or null (not taken).
   */
  readonly brand: 'required' | 'optional' | null;
  /**
   * The slip field (`reference`): `slip`, a terminal's approval or slip number (printed `#…`);
   * `note`, what it was in staff's words (printed as written); null, not taken.
   */
  readonly reference: 'slip' | 'note' | null;
  /** Its takings are notes and coins in the drawer: the close expects them and counts them. */
  readonly drawer: boolean;
  /**
   * A receipt for it is no 受取書 of money under the stamp duty act (印紙税法): a card is 信用取引,
   * exempt when the 領収書 says it was paid by card (Q13). False: ¥50,000 and over needs a stamp.
   */
  readonly stampExempt: boolean;
}

/**
 * The methods, in the order they are offered and listed everywhere (buttons, selects, the close's
 * rows, the CSV's columns). The first is the default.
 */
export const PAYMENT_METHODS = {
  cash: { received: true, brand: null, reference: null, drawer: true, stampExempt: false },
  card: { received: false, brand: 'optional', reference: 'slip', drawer: false, stampExempt: true },
  qr: { received: false, brand: 'required', reference: null, drawer: false, stampExempt: false },
  other: { received: false, brand: null, reference: 'note', drawer: false, stampExempt: false },
} as const satisfies Record<string, PaymentMethodSpec>;
