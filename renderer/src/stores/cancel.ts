/**
 * Cancelling a reservation: the reason first, then the fee, the refund and who refunds it from
 * cancel-preview, the e-mail choice, one confirm. "Cancel and book again" (the service cannot
 * change headcount or time) goes through here too.
 */
import { createStore } from 'zustand/vanilla';
import type {
  CancelPreviewView,
  Request,
  ReservationView,
  Response,
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
  /** Staff came here to change headcount or time: after cancelling, book again. */
  rebook: boolean;
  reason: CancelReason | null;
  preview: CancelPreviewView | null;
  previewing: boolean;
  sendEmail: boolean;
  confirming: boolean;
  done: Response<'cancel.confirm'> | null;
  error: CallError | null;
  open(reservation: ReservationView, date: string, rebook: boolean): void;
  chooseReason(reason: CancelReason): Promise<void>;
  setSendEmail(on: boolean): void;
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
} satisfies Partial<CancelState>;

export function createCancelStore(api: Api) {
  let seq = 0;
  return createStore<CancelState>()((set, get) => ({
    ...FRESH,
    reservation: null,
    date: null,
    rebook: false,
    open(reservation, date, rebook) {
      seq++;
      set({ ...FRESH, reservation, date, rebook });
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
      } catch (error) {
        if (mine === seq) set({ error: asCallError(error) });
      } finally {
        if (mine === seq) set({ previewing: false });
      }
    },
    setSendEmail(on) {
      set({ sendEmail: on });
    },
    async confirm() {
      const { reservation, date, reason, preview, sendEmail, confirming } = get();
      if (!reservation || !date || !reason || !preview?.cancellable || confirming) return false;
      set({ confirming: true, error: null });
      try {
        const done = await api.call('cancel.confirm', {
          reservationId: reservation.id,
          date,
          reason,
          sendCancellationEmail: sendEmail,
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
