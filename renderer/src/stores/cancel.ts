/**
 * Cancelling a reservation: the reason first, then the fee, the refund and who refunds it from
 * cancel-preview, the e-mail choice, one confirm. (A change of time or headcount is its own flow,
 * stores/change.ts: the new booking first.) When the counter refunds (`merchant`) a sale it took
 * the money for, the refund paid out is recorded with the cancel (issue 13).
 */
import { createStore } from 'zustand/vanilla';
import {
  brandPaidBy,
  FIRST_METHOD,
  needsBrand,
  paymentLine,
  type CancelPreviewView,
  type JournalEntryView,
  type Request,
  type ReservationView,
  type Response,
  type TenderMethod,
} from '../../../main/ipc/contract';
import { asCallError, type Api, type CallError } from '../api/api';

export const CANCEL_REASONS = [
  'customer_request',
  'business_request',
  'weather',
  'force_majeure',
] as const satisfies readonly Request<'cancel.preview'>['reason'][];
export type CancelReason = (typeof CANCEL_REASONS)[number];

export interface CancelState {
  reservation: ReservationView | null;
  date: string | null;
  reason: CancelReason | null;
  preview: CancelPreviewView | null;
  previewing: boolean;
  sendEmail: boolean;
  confirming: boolean;
  done: Response<'cancel.confirm'> | null;
  error: CallError | null;
  /** This counter's sale of the reservation (a merchant refund is paid out of its till). */
  sale: JournalEntryView | null;
  /** Pay the refund now, with the cancel, and how (the brand, for a method that needs one). */
  payRefund: boolean;
  refundMethod: TenderMethod;
  refundBrand: string | null;
  /** Staff tried to confirm a refund by a method that needs a brand without one. */
  refundBrandMissing: boolean;
  open(reservation: ReservationView, date: string): void;
  chooseReason(reason: CancelReason): Promise<void>;
  setSendEmail(on: boolean): void;
  setPayRefund(on: boolean): void;
  /** The method, with the brand the sale was paid by with it. */
  setRefundMethod(method: TenderMethod): void;
  setRefundBrand(brand: string | null): void;
  confirm(): Promise<boolean>;
}

/** A cancellation as it starts: no reason chosen yet, the e-mail on. */
const FRESH = {
  reason: null,
  preview: null,
  previewing: false,
  sendEmail: true,
  confirming: false,
  done: null,
  error: null,
  sale: null,
  payRefund: true,
  refundMethod: FIRST_METHOD,
  refundBrand: null,
  refundBrandMissing: false,
} satisfies Partial<CancelState>;

/**
 * The sale this counter recorded today for a reservation; null: none. Today's journal only: the
 * counter sells on the day, and asking another day's journal costs the desk that day's check-ins
 * (a sale of an earlier day not found here stays a refund owed, paid from that list).
 */
async function findSale(api: Api, r: ReservationView): Promise<JournalEntryView | null> {
  try {
    const day = await api.call('journal.day', { date: null });
    // A walk-in's sale, or the money taken for a booking paid on site (the latest first).
    return (
      day.entries.find((e) => e.kind === 'sale' && e.reservationId === r.id) ??
      day.entries.findLast((e) => e.kind === 'collection' && e.reservationId === r.id) ??
      null
    );
  } catch {
    // No journal to ask (not open, unreadable): no refund is offered here; the owed list has it.
    return null;
  }
}

export function createCancelStore(api: Api) {
  let seq = 0;
  return createStore<CancelState>()((set, get) => ({
    ...FRESH,
    reservation: null,
    date: null,
    open(reservation, date) {
      seq++;
      set({ ...FRESH, reservation, date });
    },
    async chooseReason(reason) {
      const { reservation, date } = get();
      if (!reservation || !date) return;
      const mine = ++seq;
      set({ reason, preview: null, previewing: true, error: null });
      try {
        const preview = await api.call('cancel.preview', {
          reservationId: reservation.id,
          date,
          reason,
        });
        if (mine === seq) set({ preview });
        if (preview.refundBy === 'merchant' && preview.refund > 0 && mine === seq) {
          const sale = await findSale(api, reservation);
          const method = sale?.tender[0]?.method ?? FIRST_METHOD;
          if (mine === seq)
            set({
              sale,
              refundMethod: method,
              refundBrand: brandPaidBy(sale?.tender ?? [], method),
              payRefund: true,
            });
        }
      } catch (error) {
        if (mine === seq) set({ error: asCallError(error) });
      } finally {
        if (mine === seq) set({ previewing: false });
      }
    },
    setSendEmail(on) {
      set({ sendEmail: on });
    },
    setPayRefund(on) {
      set({ payRefund: on });
    },
    setRefundMethod(method) {
      set({ refundMethod: method, refundBrand: brandPaidBy(get().sale?.tender ?? [], method) });
    },
    setRefundBrand(brand) {
      set({ refundBrand: brand, refundBrandMissing: false });
    },
    async confirm() {
      const { reservation, date, reason, preview, sendEmail, confirming, sale } = get();
      if (!reservation || !date || !reason || !preview?.cancellable || confirming) return false;
      const { payRefund, refundMethod, refundBrand } = get();
      const paying = sale && payRefund && preview.refundBy === 'merchant' && preview.refund > 0;
      if (paying && needsBrand(refundMethod) && !refundBrand) {
        set({ refundBrandMissing: true });
        return false;
      }
      set({ confirming: true, error: null });
      try {
        const done = await api.call('cancel.confirm', {
          reservationId: reservation.id,
          date,
          reason,
          sendCancellationEmail: sendEmail,
          refund: paying
            ? {
                lines: [paymentLine(refundMethod, preview.refund, { brand: refundBrand })],
                note: null,
              }
            : null,
        });
        set({ done, reservation: done.reservation });
        return true;
      } catch (error) {
        set({ error: asCallError(error) });
        return false;
      } finally {
        set({ confirming: false });
      }
    },
  }));
}

export type CancelStore = ReturnType<typeof createCancelStore>;
