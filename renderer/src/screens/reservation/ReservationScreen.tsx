/**
 * One party at the counter: who they are and what they booked, check-in against the booked
 * headcount (all arrived, the counted numbers, no-show, undo), and the way to changes — which the
 * service cannot make itself: the change flow books the new one first and cancels this one after
 * (more people may also be booked separately, linked here).
 *
 * Over 300 lines: one screen, read top to bottom as staff see it; its parts that stand alone
 * (the check-in notes; the cancel and change flows, screens of their own) live apart.
 */
import { useTranslation } from 'react-i18next';
import type { ReservationView } from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { BackButton } from '../../components/BackButton';
import { CheckInState, PaymentMethod, ReservationStatus } from '../../components/Badges';
import { ErrorNote } from '../../components/ErrorNote';
import { FeatureReason } from '../../components/FeatureList';
import { Stepper } from '../../components/Stepper';
import { CheckInErrorNote, CheckInWhere, ConflictNote } from './CheckInNotes';
import { PaymentPanel, takesPayment } from './PaymentPanel';

export function ReservationScreen() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const view = useSlice(stores.reservation, (s) => s.view);
  const loading = useSlice(stores.reservation, (s) => s.loading);
  const error = useSlice(stores.reservation, (s) => s.error);

  if (!view) {
    return (
      <section className="screen" aria-labelledby="reservation-title">
        <BackButton />
        <h2 id="reservation-title">{t('reservation.title')}</h2>
        {error ? (
          <ErrorNote code={error.code} />
        ) : (
          <p role="status">{loading && t('common.loading')}</p>
        )}
      </section>
    );
  }
  return <ReservationDetails view={view} />;
}

function ReservationDetails({ view }: { view: ReservationView }) {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const error = useSlice(stores.reservation, (s) => s.error);
  const byParticipant = new Map<number, ReservationView['answers']>();
  for (const a of view.answers)
    byParticipant.set(a.participantNumber, [...(byParticipant.get(a.participantNumber) ?? []), a]);

  return (
    <section className="screen reservation" aria-labelledby="reservation-title">
      <BackButton />
      <h2 id="reservation-title">
        {view.customerName || t('common.noName')} <ReservationStatus status={view.status} />
      </h2>
      {view.status === 'pending' && <p className="notice warn">{t('reservation.pendingNotice')}</p>}
      {!view.active && <p className="notice">{t('reservation.inactive')}</p>}
      {error && <CheckInErrorNote error={error} />}
      <dl className="facts">
        <dt>{t('reservation.number')}</dt>
        <dd>{view.number ?? t('common.none')}</dd>
        <dt>{t('reservation.product')}</dt>
        <dd>{view.productName}</dd>
        <dt>{t('reservation.when')}</dt>
        <dd>
          {fmt.date(view.date)} {fmt.time(view.startTime)}
          {view.endTime && `–${fmt.time(view.endTime)}`}
        </dd>
        <dt>{t('reservation.party')}</dt>
        <dd>{t('common.party', { adults: view.adults, children: view.children })}</dd>
        <dt>{t('reservation.payment')}</dt>
        <dd>
          <PaymentMethod method={view.paymentMethod} />
        </dd>
        <dt>{t('reservation.total')}</dt>
        <dd>
          {view.totalAmount === null
            ? t('common.none')
            : fmt.money(view.totalAmount, view.currency)}
        </dd>
        <dt>{t('reservation.phone')}</dt>
        <dd>{view.phone ?? t('common.none')}</dd>
        <dt>{t('reservation.email')}</dt>
        <dd>{view.email ?? t('common.none')}</dd>
      </dl>
      {byParticipant.size > 0 && (
        <section aria-labelledby="answers-title">
          <h3 id="answers-title">{t('reservation.answers')}</h3>
          <ul className="answers">
            {[...byParticipant].map(([n, answers]) => (
              <li key={n}>
                <strong>{n === 1 ? t('walkIn.booker') : t('walkIn.participant', { n })}</strong>
                <ul>
                  {answers.map((a) => (
                    <li key={a.fieldId}>
                      {a.label}: {a.value}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      )}
      <PaymentPanel view={view} />
      <CheckInPanel view={view} />
      <ChangesPanel view={view} />
    </section>
  );
}

function CheckInPanel({ view }: { view: ReservationView }) {
  const { t } = useTranslation();
  const { stores, actions } = useApp();
  const adults = useSlice(stores.reservation, (s) => s.adults);
  const children = useSlice(stores.reservation, (s) => s.children);
  const comparison = useSlice(stores.reservation, (s) => s.comparison);
  const busy = useSlice(stores.reservation, (s) => s.busy);
  const feature = useSlice(stores.setup, (s) => s.feature('checkIn'));
  const changeOn = useChangeOn();
  const r = stores.reservation.getState();
  const off = !feature.enabled || !view.active || busy;
  const extra = Math.max(0, adults + children - view.adults - view.children);

  return (
    <section className="card checkin" aria-labelledby="checkin-title">
      <h3 id="checkin-title">{t('checkIn.title')}</h3>
      <p>
        {t('checkIn.current')} <CheckInState checkIn={view.checkIn} />
        <CheckInWhere checkIn={view.checkIn} />
      </p>
      <ConflictNote conflict={view.checkInConflict} />
      {!feature.enabled && (
        <p className="hint">
          <FeatureReason state={feature} />
        </p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!off) void r.recordCounted();
        }}
      >
        <div className="steppers">
          <Stepper
            label={t('checkIn.adults')}
            decreaseLabel={t('checkIn.fewerAdults')}
            increaseLabel={t('checkIn.moreAdults')}
            value={adults}
            onChange={(n) => r.setAdults(n)}
            hint={t('checkIn.booked', { n: view.adults })}
            disabled={off}
          />
          <Stepper
            label={t('checkIn.children')}
            decreaseLabel={t('checkIn.fewerChildren')}
            increaseLabel={t('checkIn.moreChildren')}
            value={children}
            onChange={(n) => r.setChildren(n)}
            hint={t('checkIn.booked', { n: view.children })}
            disabled={off}
          />
        </div>
        <div className="actions">
          <button
            type="button"
            className="primary"
            // A booking paid on site: "check in and pay" has the focus instead (issue 27).
            autoFocus={feature.enabled && view.active && !view.checkIn && !takesPayment(view)}
            disabled={off}
            onClick={() => void r.arrivedAll()}
          >
            {t('checkIn.all', { adults: view.adults, children: view.children })}
          </button>
          <button type="submit" disabled={off}>
            {t('checkIn.recordCounted', { adults, children })}
          </button>
          <button type="button" disabled={off} onClick={() => void r.noShow()}>
            {t('checkIn.noShowButton')}
          </button>
          {view.checkIn && (
            <button type="button" disabled={!feature.enabled || busy} onClick={() => void r.undo()}>
              {t('checkIn.undo')}
            </button>
          )}
        </div>
      </form>
      {comparison === 'more' && (
        <div className="notice" role="status">
          <p>{t('checkIn.more', { n: extra })}</p>
          <button
            type="button"
            disabled={!changeOn}
            onClick={() =>
              actions.startChange(view, {
                adults: Math.max(adults, view.adults),
                children: Math.max(children, view.children),
                kind: 'extra',
              })
            }
          >
            {t('checkIn.sellExtra', { n: extra })}
          </button>
          <ChangeOff />
        </div>
      )}
      {comparison === 'fewer' && (
        <div className="notice" role="status">
          <p>{t('checkIn.fewer')}</p>
          <button
            type="button"
            disabled={!changeOn}
            onClick={() => actions.startChange(view, { adults, children, kind: 'change' })}
          >
            {t('checkIn.changeFewer')}
          </button>
          <ChangeOff />
        </div>
      )}
    </section>
  );
}

/** A change books and cancels: both features must be on. */
function useChangeOn(): boolean {
  const { stores } = useApp();
  const walkIn = useSlice(stores.setup, (s) => s.feature('walkIn').enabled);
  const cancel = useSlice(stores.setup, (s) => s.feature('cancel').enabled);
  return walkIn && cancel;
}

/** Why a change cannot be made with this key. */
function ChangeOff() {
  const { stores } = useApp();
  const walkIn = useSlice(stores.setup, (s) => s.feature('walkIn'));
  const cancel = useSlice(stores.setup, (s) => s.feature('cancel'));
  const off = !walkIn.enabled ? walkIn : !cancel.enabled ? cancel : null;
  if (!off) return null;
  return (
    <p className="hint">
      <FeatureReason state={off} />
    </p>
  );
}

/** Changes naming this booking: its extra seats, what it became, what is still to cancel. */
function ChangeLinks({ view }: { view: ReservationView }) {
  const { t } = useTranslation();
  const { stores } = useApp();
  const items = useSlice(stores.change, (s) => s.items);
  const extras = items.filter(
    (c) => c.kind === 'extra' && c.old?.reservationId === view.id && c.next?.reservationId,
  );
  const extraFor = items.find((c) => c.kind === 'extra' && c.next?.reservationId === view.id);
  const changed = items.find(
    (c) => c.kind === 'change' && c.old?.reservationId === view.id && c.next?.reservationId,
  );
  const number = (b: { number: string | null; reservationId: string | null } | null) =>
    b?.number ?? b?.reservationId ?? '';
  return (
    <>
      {extras.length > 0 && (
        <p className="notice">
          {t('reservation.extraOf', { numbers: extras.map((c) => number(c.next)).join(', ') })}
        </p>
      )}
      {extraFor && (
        <p className="notice">{t('reservation.extraFor', { number: number(extraFor.old) })}</p>
      )}
      {changed && (changed.state === 'to_cancel' || changed.state === 'cancelling') && (
        <p className="notice warn strong">
          {t('reservation.stillToCancel', { number: number(changed.next) })}
        </p>
      )}
      {changed && changed.state === 'done' && (
        <p className="notice">{t('reservation.changedTo', { number: number(changed.next) })}</p>
      )}
    </>
  );
}

function ChangesPanel({ view }: { view: ReservationView }) {
  const { t } = useTranslation();
  const { stores, actions } = useApp();
  const cancel = useSlice(stores.setup, (s) => s.feature('cancel'));
  const changeOn = useChangeOn();
  return (
    <section className="card changes" aria-labelledby="changes-title">
      <h3 id="changes-title">{t('reservation.changeTitle')}</h3>
      <ChangeLinks view={view} />
      {view.active && (
        <>
          <p className="hint">{t('reservation.changeHint')}</p>
          <div className="actions">
            <button type="button" disabled={!changeOn} onClick={() => actions.startChange(view)}>
              {t('reservation.change')}
            </button>
            <button
              type="button"
              className="danger"
              disabled={!cancel.enabled}
              onClick={() => actions.startCancel(view)}
            >
              {t('reservation.cancel')}
            </button>
          </div>
          <ChangeOff />
        </>
      )}
    </section>
  );
}
