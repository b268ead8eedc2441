/**
 * A slot's parties in full, fetched when its manifest opens (`day.parties`, decision G21): the
 * day view holds only their counts. Fetched again when `day.changed` says the slot's parties
 * moved (its patch names the slots touched) or, without a patch, when the date changed at all.
 */
import { useEffect, useState } from 'react';
import type { ReservationView } from '../../../../main/ipc/contract';
import { asCallError, type Api, type CallError } from '../../api/api';

export interface SlotParties {
  /** null until the first answer. */
  reservations: ReservationView[] | null;
  error: CallError | null;
}

export function useSlotParties(
  api: Api,
  date: string | null,
  productId: string,
  startTime: string,
): SlotParties {
  const [state, setState] = useState<SlotParties & { key: string }>({
    key: '',
    reservations: null,
    error: null,
  });
  const key = `${date} ${productId} ${startTime}`;
  useEffect(() => {
    if (date === null) return;
    let live = true;
    let asked = 0;
    const fetch = () => {
      const mine = ++asked;
      api.call('day.parties', { date, slot: { productId, startTime } }).then(
        ({ reservations }) => {
          if (live && mine === asked) setState({ key, reservations, error: null });
        },
        (error: unknown) => {
          if (live && mine === asked) setState((s) => ({ ...s, key, error: asCallError(error) }));
        },
      );
    };
    fetch();
    const off = api.on('day.changed', ({ dates, patch }) => {
      if (dates.length > 0 && !dates.includes(date)) return;
      // A patch of an unknown shape says nothing: fetched again.
      const touched = patch?.date === date && Array.isArray(patch.touched) ? patch.touched : null;
      if (touched && !touched.some((s) => s.productId === productId && s.startTime === startTime))
        return;
      fetch();
    });
    return () => {
      live = false;
      off();
    };
  }, [api, key, date, productId, startTime]);
  // What another slot's answer said is not this one's.
  return state.key === key ? state : { reservations: null, error: null };
}
