/**
 * The day's journal of this counter: sales, refunds, corrections, cash in and out (Y11), closes, and entries that could
 * not be read (each with what to do). From an entry: reprint its receipt or slip (再発行), correct
 * it, or pay a refund for a sale.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  discountReasonText,
  REDUCED_RATE,
  type JournalEntryView,
} from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { BackButton } from '../../components/BackButton';
import { ErrorNote } from '../../components/ErrorNote';
import { addDays } from '../../format/format';
import { langOf } from '../../i18n';
import { CorrectionForm } from './CorrectionForm';
import { ReceiptActions } from './ReceiptActions';
import { RefundForm } from './RefundForm';
import { RefundRecorded } from './RefundRecorded';

/** Money taken from a guest: it has a receipt and may be paid back (counter items too, issue 30). */
const TAKEN: ReadonlySet<JournalEntryView['kind']> = new Set(['sale', 'collection', 'goods']);

type Open = { entryId: string; what: 'receipt' | 'correct' | 'refund' } | null;

export function JournalScreen() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const j = useSlice(stores.journal, (s) => s);
  const refunding = useSlice(stores.money, (s) => s.refunding);
  const refundError = useSlice(stores.money, (s) => s.refundError);
  const lastRefund = useSlice(stores.money, (s) => s.lastRefund);
  const [open, setOpen] = useState<Open>(null);
  const journal = stores.journal.getState();

  useEffect(() => {
    void stores.journal.getState().open(null);
    stores.money.getState().clearRefund();
  }, [stores.journal, stores.money]);

  const day = j.businessDate;
  // Takings: cash put in or taken out of the drawer (Y11) is not money of the day's guests.
  const total = j.entries.reduce(
    (s, e) => s + (e.kind === 'unreadable' || e.kind === 'cash' ? 0 : e.amount),
    0,
  );
  const toggle = (entryId: string, what: 'receipt' | 'correct' | 'refund') =>
    setOpen(open?.entryId === entryId && open.what === what ? null : { entryId, what });

  return (
    <section className="screen journal" aria-labelledby="journal-title">
      <BackButton />
      <h2 id="journal-title">
        {t('money.journal.title')}
        {day && ` · ${fmt.date(day)}`}
      </h2>
      <div className="actions">
        <button
          type="button"
          disabled={!day}
          onClick={() => day && void journal.open(addDays(day, -1))}
        >
          {t('money.journal.previousDay')}
        </button>
        <button type="button" onClick={() => void journal.open(null)}>
          {t('money.journal.today')}
        </button>
        <button
          type="button"
          disabled={!day}
          onClick={() => day && void journal.open(addDays(day, 1))}
        >
          {t('money.journal.nextDay')}
        </button>
        <button type="button" onClick={() => stores.nav.getState().go({ name: 'close' })}>
          {t('money.close.open')}
        </button>
      </div>
      {j.closed && <p className="notice">{t('money.journal.closed')}</p>}
      {j.loading && <p role="status">{t('common.loading')}</p>}
      {j.error && <ErrorNote code={j.error.code} />}
      {lastRefund && <RefundRecorded refund={lastRefund} />}
      {!j.loading && !j.error && j.entries.length === 0 && <p>{t('money.journal.empty')}</p>}
      {j.entries.length > 0 && (
        <>
          <p className="strong">
            {t('money.journal.count', { count: j.entries.length, amount: fmt.money(total) })}
          </p>
          <ol className="journal-list">
            {j.entries.map((e) => (
              <li key={e.id} className={`card entry entry-${e.kind}`}>
                <EntryRow entry={e} />
                {e.kind !== 'unreadable' && (
                  <div className="actions">
                    {(TAKEN.has(e.kind) || e.kind === 'refund') && (
                      <button
                        type="button"
                        aria-expanded={open?.entryId === e.id && open.what === 'receipt'}
                        onClick={() => toggle(e.id, 'receipt')}
                      >
                        {e.kind === 'refund'
                          ? t('money.journal.reprintSlip')
                          : t('money.journal.reprint')}
                      </button>
                    )}
                    {e.kind !== 'close' && (
                      <button
                        type="button"
                        aria-expanded={open?.entryId === e.id && open.what === 'correct'}
                        onClick={() => toggle(e.id, 'correct')}
                      >
                        {t('money.journal.correct')}
                      </button>
                    )}
                    {TAKEN.has(e.kind) && (
                      <button
                        type="button"
                        aria-expanded={open?.entryId === e.id && open.what === 'refund'}
                        onClick={() => toggle(e.id, 'refund')}
                      >
                        {t('money.journal.refund')}
                      </button>
                    )}
                  </div>
                )}
                {open?.entryId === e.id && open.what === 'receipt' && (
                  <ReceiptActions entryId={e.id} slip={e.kind === 'refund'} />
                )}
                {open?.entryId === e.id && open.what === 'correct' && (
                  <CorrectionForm entry={e} onDone={() => setOpen(null)} />
                )}
                {open?.entryId === e.id && open.what === 'refund' && (
                  <section aria-label={t('money.journal.refund')}>
                    <RefundForm
                      amount={e.amount}
                      tender={e.tender}
                      reason="other"
                      busy={refunding === e.id}
                      submitLabel={t('money.refund.record')}
                      onCancel={() => setOpen(null)}
                      onSubmit={(paid) =>
                        void stores.money
                          .getState()
                          .recordRefund(e.id, 'other', paid)
                          .then((ok) => {
                            if (!ok) return;
                            setOpen(null);
                            void journal.reload();
                          })
                      }
                    />
                    {refundError && <ErrorNote code={refundError.code} />}
                  </section>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function EntryRow({ entry: e }: { entry: JournalEntryView }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const lang = langOf(i18n);
  if (e.kind === 'unreadable')
    return (
      <div role="group" aria-label={t('money.kinds.unreadable')}>
        <p className="strong">{t('money.kinds.unreadable')}</p>
        <p>{t('money.journal.unreadableExplain')}</p>
        {e.problem && <p className="hint">{e.problem}</p>}
      </div>
    );
  return (
    <dl className="facts entry-facts">
      <dt>{t('money.journal.when')}</dt>
      <dd>
        {fmt.instant(e.at)} ·{' '}
        {e.cash
          ? `${t(`money.cash.directions.${e.cash.direction}`)} (${t(`money.cash.reasons.${e.cash.reason}`)}) ${fmt.money(e.cash.amount)}`
          : t(`money.kinds.${e.kind}`)}
        {e.locked && ` · ${t('money.journal.locked')}`}
      </dd>
      <dt>{t('money.journal.amount')}</dt>
      <dd className="strong">{fmt.money(e.amount)}</dd>
      {e.tender.length > 0 && (
        <>
          <dt>{t('money.journal.tender')}</dt>
          <dd>
            {e.tender
              .map((l) =>
                [t(`money.methods.${l.method}`), l.brand, fmt.money(l.amount)]
                  .filter(Boolean)
                  .join(' '),
              )
              .join(' + ')}
            {e.change > 0 && ` · ${t('money.tender.change')} ${fmt.money(e.change)}`}
          </dd>
        </>
      )}
      {e.goods && (
        <>
          <dt>{t('items.picked')}</dt>
          <dd>
            {e.goods
              .map(
                (g) => `${g.name[lang]}${g.taxRate === REDUCED_RATE ? ' ※' : ''} × ${g.quantity}`,
              )
              .join(' / ')}
          </dd>
        </>
      )}
      {e.counterDiscounts && e.counterDiscounts.length > 0 && (
        // The counter's discounts (issue 30): each with its reason as the record kept it.
        <>
          <dt>{t('money.journal.discounts')}</dt>
          <dd>
            {e.counterDiscounts
              .map((d) =>
                [
                  discountReasonText(d.reason, lang),
                  d.kind === 'percent' && `${d.value}%`,
                  fmt.money(-d.amount),
                  d.note && `(${d.note})`,
                ]
                  .filter(Boolean)
                  .join(' '),
              )
              .join(' · ')}
            {e.servicePrice !== undefined &&
              ` · ${t('money.journal.servicePrice', { amount: fmt.money(e.servicePrice) })}`}
          </dd>
        </>
      )}
      {(e.customerName || e.reservationNumber) && (
        <>
          <dt>{t('money.journal.guest')}</dt>
          <dd>
            {[
              e.customerName,
              e.reservationNumber && t('common.number', { number: e.reservationNumber }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </dd>
        </>
      )}
      {e.note && (
        <>
          <dt>{t('money.journal.note')}</dt>
          <dd>{e.note}</dd>
        </>
      )}
      {e.staff && (
        <>
          <dt>{t('staff.journal.staff')}</dt>
          <dd>
            {e.staff.name}
            {e.approvedBy && ` · ${t('staff.journal.approvedBy', { name: e.approvedBy.name })}`}
          </dd>
        </>
      )}
      {e.receiptsIssued > 0 && (
        <>
          <dt>{t('money.journal.receipts')}</dt>
          <dd>{t('money.journal.receiptsIssued', { count: e.receiptsIssued })}</dd>
        </>
      )}
    </dl>
  );
}
