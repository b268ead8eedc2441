/**
 * Bookings waiting for approval, compact (decision G16): one line with their count, which opens
 * the list (the first five until staff ask for all, G7). Closed, it no longer pushes the day's
 * slots below the window.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PartyLine } from '../../../../main/ipc/contract';
import { useApp } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { useProgressive } from '../../components/useProgressive';

/** Pending approvals listed before staff ask for all of them. */
const PENDING_LISTED = 5;

export function PendingNotice({ pending, date }: { pending: readonly PartyLine[]; date: string }) {
  const { t } = useTranslation();
  const { actions } = useApp();
  const fmt = useFormat();
  const [open, setOpen] = useState(false);
  const [all, setAll] = useState(false);
  const listed = open ? (all ? pending : pending.slice(0, PENDING_LISTED)) : [];
  const shown = useProgressive(listed.length, PENDING_LISTED, 20, date);
  return (
    <section className="pending-note" aria-labelledby="pending-title">
      <h3 id="pending-title">
        <button
          type="button"
          className="pending-toggle"
          aria-expanded={open}
          aria-controls="pending-body"
          onClick={() => setOpen((o) => !o)}
        >
          {t('day.pendingTitle', { n: pending.length })}
        </button>
      </h3>
      <div id="pending-body" hidden={!open}>
        {open && (
          <>
            <p className="hint">{t('day.pendingExplain')}</p>
            <ul id="pending-list">
              {listed.slice(0, shown).map((r) => (
                <li key={`${r.id}|${r.productId}|${r.startTime}`}>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => actions.openReservation(r)}
                  >
                    {fmt.time(r.startTime)} {r.productName} · {r.customerName} ·{' '}
                    {t('common.party', { adults: r.adults, children: r.children })}
                  </button>
                </li>
              ))}
            </ul>
            {pending.length > PENDING_LISTED && (
              <button
                type="button"
                aria-expanded={all}
                aria-controls="pending-list"
                onClick={() => setAll((a) => !a)}
              >
                {all
                  ? t('day.pendingFewer', { n: PENDING_LISTED })
                  : t('day.pendingAll', { n: pending.length })}
              </button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
