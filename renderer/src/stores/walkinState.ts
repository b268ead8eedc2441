/** The walk-in store's state, its intents and what it needs from the app. */
import type {
  DiscountReasonEntry,
  DraftId,
  FieldProblem,
  HeadcountFit,
  KeptWalkIn,
  Price,
  ProductForm,
  WalkInChoice,
  ReceiptLayout,
  WalkInOutcome,
} from '../../../main/ipc/contract';
import type { CallError } from '../api/api';
import type { CustomerActions, FoundCustomer } from './walkinCustomer';
import type { BasketActions, BasketState } from '../checkout/basket';
import type { TenderActions, TenderState } from '../checkout/tender';
import type { Answers, CustomerDraft, FieldValue, SlotChoice } from './walkinDraft';

export type WalkInStep = 'product' | 'party' | 'details' | 'review' | 'done';

export interface WalkInStart {
  productId?: string;
  adults?: number;
  children?: number;
  /** A slot to choose when it fits (e.g. the slot of the party that brought extra people). */
  slot?: { date: string; startTime: string };
  customer?: Partial<CustomerDraft>;
}

export interface WalkInState
  extends CustomerActions, TenderActions, TenderState, BasketState, BasketActions {
  /**
   * This walk-in's draft, made when it starts and sent with Book: the desk books a draft once
   * (decision X1). A new one after the service refused the booking: what staff send then is new.
   */
  draftId: DraftId;
  step: WalkInStep;
  productId: string | null;
  form: ProductForm | null;
  /** The date from which fitting slots are searched. */
  date: string | null;
  adults: number;
  children: number;
  fit: HeadcountFit | null;
  checking: boolean;
  slot: SlotChoice | null;
  preferred: { date: string; startTime: string } | null;
  answers: Answers;
  customer: CustomerDraft;
  found: FoundCustomer[] | null;
  finding: boolean;
  price: Price | null;
  /** The price could not be asked (offline): the walk-in will be queued without one. */
  priceOffline: boolean;
  /** The service answered the price in a shape the counter cannot read: no price is shown. */
  priceUnreadable: boolean;
  quoting: boolean;
  /** Problems at their fields: the party step's own, or the desk's check of the draft. */
  problems: FieldProblem[];
  sendEmail: boolean;
  emailLocale: 'ja' | 'en';
  outcome: WalkInOutcome | null;
  /**
   * The outcome was brought back by a reloaded window (V13): the change its sale gave back and
   * the total quoted, which the tender typed before no longer says; no receipt printed by itself.
   */
  resumed: { change: number; quoted: { total: number; currency: string } | null } | null;
  booking: boolean;
  error: CallError | null;
  /**
   * Each product's list prices and this counter's sales of it, for the first step (G17); kept
   * from one walk-in to the next, asked again each time; null until the first answer.
   */
  choices: WalkInChoice[] | null;

  start(options?: WalkInStart): void;
  /** Ask for the products' prices and sales again (the first step shows the last answer meanwhile). */
  loadChoices(): Promise<void>;
  /**
   * Back to a walk-in as it was kept (a window reloaded after a crash): same step, same answers;
   * one booked, to its outcome.
   */
  resume(kept: KeptWalkIn): Promise<void>;
  chooseProduct(productId: string): Promise<void>;
  setAdults(n: number): void;
  setChildren(n: number): void;
  chooseSlot(slot: SlotChoice): void;
  /** Party and slot chosen → custom fields and customer; false when something must be looked at. */
  toDetails(): Promise<boolean>;
  setAnswer(participantNumber: number, fieldId: string, value: FieldValue): void;
  /** Details filled → the desk's check, and the price when nothing is wrong. */
  toReview(): Promise<boolean>;
  setSendEmail(on: boolean): void;
  setEmailLocale(locale: 'ja' | 'en'): void;
  back(): void;
  /** After a refusal of the slot: back to the party step to choose another. */
  otherSlot(): void;
  confirm(): Promise<void>;
}

export interface WalkInDeps {
  /** The date walk-ins are sold from: the store's today. */
  date(): string | null;
  /** The UI's language, the default for the confirmation e-mail. */
  locale(): 'ja' | 'en';
  /**
   * The receipt printed by itself after the sale (set-up's "print automatically"): its layout,
   * sent with the booking (in the tender's language) so the desk prints it as the booking
   * answers; null: not.
   */
  autoReceipt?(): { layout: ReceiptLayout } | null;
  /** The store's reasons for a discount at the counter (issue 30), as last asked. */
  discountReasons?(): readonly DiscountReasonEntry[];
  recheckMs?: number;
}

/** The intents: every function of the state. */
export type WalkInActions = {
  [
    K in keyof WalkInState as WalkInState[K] extends (...args: never[]) => unknown ? K : never
  ]: WalkInState[K];
};
