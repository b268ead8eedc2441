/**
 * A slot's manifest: its parties with names, headcount, status, payment method, custom-field
 * answers and check-in state, fetched from the desk's day as it opens (G21: the day view holds
 * their counts only), so it works offline. Its printed page and its CSV are the desk's
 * (main/desk/manifest), made from the same cache.
 */
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrinterState, ReservationView } from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { csvBlob } from '../../app/platform';
import { BackButton } from '../../components/BackButton';
import { CheckInState, PaymentMethod, ReservationStatus } from '../../components/Badges';
import { PaymentState } from '../../components/PaymentState';
import { ErrorNote } from '../../components/ErrorNote';
import { HeadcountBar } from '../../components/HeadcountBar';
import { useProgressive } from '../../components/useProgressive';
import { asCallError, type CallError } from '../../api/api';
import { printDocument } from '../../money/printDocument';
import { currentDay } from '../../stores/day';
import { printerStateOf } from '../../stores/printer';
import { langOf } from '../../i18n';
import { useSlotParties } from './useSlotParties';

/** Rows that fill the first screen without layout to measure; the rest a step a frame (G7). */
const FIRST_ROWS = 20;
const ROWS_STEP = 40;
/** Rows added at a time while the first screen is measured. */
const FILL_ROWS = 5;

export function ManifestScreen({ productId, startTime }: { productId: string; startTime: string }) {
  const { t, i18n } = useTranslation();
  const app = useApp();
  const { stores, actions, api, platform } = app;
  const view = useSlice(stores.day, currentDay);
  const walkInOn = useSlice(stores.setup, (s) => s.feature('walkIn').enabled);
  const fmt = useFormat();
  const [error, setError] = useState<CallError | null>(null);
  const [refused, setRefused] = useState<PrinterState | null>(null);
  const product = view?.products.find((p) => p.id === productId);
  const slot = product?.slots.find((s) => s.startTime === startTime);
  const parties = useSlotParties(api, view?.date ?? null, productId, startTime);
  const reservations = parties.reservations ?? [];
  // The rows the window shows first, measured (G9; FIRST_ROWS where nothing is laid out).
  const body = useRef<HTMLTableSectionElement>(null);
  const fillRows = useMemo(() => ({ list: body, step: FILL_ROWS }), []);
  const rows = useProgressive(
    reservations.length,
    FIRST_ROWS,
    ROWS_STEP,
    `${view?.date} ${productId} ${startTime}`,
    fillRows,
  );

  /** The slot's manifest as the desk makes it, in the language the counter shows. */
  const request = useCallback(
    () => ({
      date: view?.date ?? null,
      slot: { productId, startTime },
      locale: langOf(i18n),
    }),
    [view?.date, productId, startTime, i18n],
  );

  const exportCsv = useCallback(async () => {
    setError(null);
    try {
      const out = await api.call('manifest.csv', request());
      platform.download(out.fileName, csvBlob(out.csv));
    } catch (e) {
      setError(asCallError(e));
    }
  }, [api, platform, request]);

  const browserPrint = useCallback(async () => {
    try {
      printDocument((await api.call('manifest.page', request())).html, platform.print);
    } catch (e) {
      setError(asCallError(e));
    }
  }, [api, platform, request]);

  const print = useCallback(async () => {
    setError(null);
    setRefused(null);
    try {
      const answer = await api.call('manifest.print', request());
      // The receipt printer set up for the manifest could not print it (issue 31).
      setRefused(answer.ok ? null : printerStateOf(answer.reason));
    } catch (e) {
      const failure = asCallError(e);
      // The browser host has no printer of its own: the browser prints the desk's page.
      if (failure.code === 'PRINT_UNAVAILABLE') await browserPrint();
      else setError(failure);
    }
  }, [api, request, browserPrint]);

  if (!view || !product || !slot) {
    return (
      <section className="screen" aria-labelledby="manifest-title">
        <BackButton />
        <h2 id="manifest-title">{t('manifest.title')}</h2>
        <p>{t('manifest.notFound')}</p>
      </section>
    );
  }

  return (
    <section className="screen manifest" aria-labelledby="manifest-title">
      <BackButton />
      <h2 id="manifest-title">
        {product.name} · {fmt.date(view.date)} {fmt.time(slot.startTime)}
        {slot.endTime && `–${fmt.time(slot.endTime)}`}
      </h2>
      {product.approvalType === 'manual' && <p className="notice">{t('manifest.manual')}</p>}
      <p className="summary">
        <HeadcountBar
          adults={slot.booked.adults}
          children={slot.booked.children}
          capacity={slot.capacity}
        />
        {t('day.booked', slot.booked)} ·{' '}
        {slot.capacity === null
          ? t('day.capacityUnknown')
          : t('day.capacity', { capacity: slot.capacity, remaining: slot.remaining ?? 0 })}{' '}
        · {t('day.parties', { n: slot.counts.parties })}
      </p>
      {view.syncedAt && (
        <p className="hint">
          {t('day.age', {
            age: fmt.age(view.syncedAt, app.platform.now()),
            time: fmt.instant(view.syncedAt, app.platform.now()),
          })}
        </p>
      )}
      <div className="actions no-print">
        <button type="button" onClick={() => void print()}>
          {t('manifest.print')}
        </button>
        <button type="button" onClick={() => void exportCsv()}>
          {t('manifest.csv')}
        </button>
        <button
          type="button"
          disabled={!walkInOn}
          onClick={() =>
            actions.startWalkIn({ productId, slot: { date: view.date, startTime: slot.startTime } })
          }
        >
          {t('manifest.walkIn')}
        </button>
      </div>
      {error && <ErrorNote code={error.code} />}
      {parties.error && <ErrorNote code={parties.error.code} />}
      {refused && (
        <p className="notice warn" role="alert">
          {t('printer.printFailed', { state: t(`printer.states.${refused}`) })}
        </p>
      )}
      {parties.reservations === null ? (
        !parties.error && <p role="status">{t('manifest.loading')}</p>
      ) : reservations.length === 0 ? (
        <p>{t('manifest.empty')}</p>
      ) : (
        <table className="manifest-table">
          <caption>{t('manifest.caption', { n: reservations.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('manifest.col.name')}</th>
              <th scope="col">{t('manifest.col.party')}</th>
              <th scope="col">{t('manifest.col.status')}</th>
              <th scope="col">{t('manifest.col.payment')}</th>
              <th scope="col">{t('manifest.col.answers')}</th>
              <th scope="col">{t('manifest.col.checkIn')}</th>
            </tr>
          </thead>
          <tbody ref={body}>
            {reservations.slice(0, rows).map((r) => (
              <ManifestRow key={r.id} reservation={r} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

const ManifestRow = memo(function ManifestRow({
  reservation: r,
}: {
  reservation: ReservationView;
}) {
  const { t } = useTranslation();
  const { actions } = useApp();
  return (
    <tr className={r.active ? undefined : 'inactive'}>
      <th scope="row">
        <button type="button" className="link-button" onClick={() => actions.openReservation(r)}>
          {r.customerName || t('common.noName')}
          {r.number && <span className="number">{t('common.number', { number: r.number })}</span>}
        </button>
      </th>
      <td>{t('common.party', { adults: r.adults, children: r.children })}</td>
      <td>
        <ReservationStatus status={r.status} />
      </td>
      <td>
        <PaymentMethod method={r.paymentMethod} />
        {r.payment && r.payment.onSite !== 'no' && (
          <>
            <br />
            <PaymentState payment={r.payment} />
          </>
        )}
      </td>
      <td>
        {r.answers.length > 0 && (
          <ul className="answers">
            {r.answers.map((a) => (
              <li key={`${a.participantNumber}|${a.fieldId}`}>
                {a.bookerOnly
                  ? t('common.bookerAnswer', { label: a.label, value: a.value })
                  : t('common.answer', { n: a.participantNumber, label: a.label, value: a.value })}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>
        <CheckInState checkIn={r.checkIn} />
      </td>
    </tr>
  );
});
