/**
 * Always visible, on one line (AC1): the link (online / degraded / offline) with the age of the
 * data, whole, and the queued walk-ins with a way to their outcomes; between them the other facts
 * (a walk-in's outcome, the printer, the first sync's progress, the shop's counters, the office…),
 * those that do not fit behind one button.
 */
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { localNow } from '../../format/format';
import { KEYS } from '../../app/shortcuts';
import { Kbd } from '../../components/Kbd';
import { PrinterBadge } from '../printer/PrinterBadge';
import type { ClockSkew as Skew, ShopSource } from '../../../../main/ipc/contract';
import { ShopStatus } from './ShopStatus';
import { clockAmount } from '../../components/clockAmount';
import { UpdateBadge } from './UpdateStatus';
import { OfficeBadge, officeBar } from './OfficeBadge';
import { printerTrouble } from '../../stores/printer';
import { BarFacts, type Fact } from './BarFacts';
import './status-bar.css';

export function StatusBar() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const status = useSlice(stores.status, (s) => s.status);
  const now = useSlice(stores.status, (s) => s.now);
  const fmt = useFormat();
  const go = useSlice(stores.nav, (s) => s.go);
  const printer = useSlice(stores.printer, (s) => s.status);
  const news = useSlice(stores.status, (s) => s.news);
  const connected = useSlice(
    stores.setup,
    (s) => s.status !== null && s.status.mode !== 'not_set_up',
  );

  const link = status?.link ?? 'offline';
  // A follower's data comes from the poller: its own first sync is not under way (X24).
  const following = status?.shop.sharing ? status.shop.following : null;
  const syncing = !following && status?.sync && status.sync.phase === 'full' && !status.sync.done;

  /**
   * Where a follower's data comes from, when that is news: the poller not answering, its data
   * unreadable, its first sync awaited. The age itself is the link's, as for any counter (AC1).
   */
  function followerSource(source: ShopSource, syncedAt: number | null): string | null {
    const name = source.name;
    if (syncedAt === null)
      return t(
        source.problem === 'no_answer' ? 'statusBar.from.noAnswerNever' : 'statusBar.from.waiting',
        { name },
      );
    const at = { name, time: fmt.instant(syncedAt, now) };
    if (source.problem === 'no_answer') return t('statusBar.from.noAnswer', at);
    if (source.problem === 'bad_answer') return t('statusBar.from.badAnswer', at);
    return null;
  }
  const waiting = status?.outbox.waiting ?? 0;
  const attention = status?.outbox.needsAttention ?? 0;
  // An outbox file set aside: its walk-ins are not counted, so "0 waiting" would be a lie.
  const outboxDamaged = status?.damage.some((d) => d.kind === 'outbox_set_aside') ?? false;

  if (!connected) {
    // Nothing set up: no link to judge and no data to age — "offline" would mislead.
    return (
      <footer className="status-bar" aria-label={t('statusBar.label')}>
        <div className="link link-none">
          <span className="dot" aria-hidden="true" />
          <span className="link-text" role="status">
            {t('statusBar.notConnected')}
          </span>
        </div>
        <UpdateBadge />
      </footer>
    );
  }

  const age = status?.syncedAt
    ? t('statusBar.age', {
        age: fmt.age(status.syncedAt, now),
        time: fmt.instant(status.syncedAt, now),
      })
    : t('statusBar.neverSynced');
  const source = following && followerSource(following, status?.syncedAt ?? null);
  const office = status?.office ? officeBar(status.office, now, t, fmt) : null;
  // The facts besides the link, the most wanted first: what does not fit waits behind one button.
  const facts = (
    [
      // An outcome is news until staff dismiss it: put away, the button says something is there.
      { key: 'news', node: <OutboxNews />, warn: news !== null },
      { key: 'printer', node: <PrinterBadge />, warn: printerTrouble(printer) },
      syncing &&
        status?.sync && {
          key: 'sync',
          node: (
            <div className="sync">
              <label htmlFor="first-sync">{t('statusBar.firstSync')}</label>
              <progress id="first-sync" />
              <span>
                {t('statusBar.syncRecords', { records: status.sync.records })}
                {status.sync.estimatedMsLeft !== null &&
                  ` ${t('statusBar.syncLeft', { seconds: Math.ceil(status.sync.estimatedMsLeft / 1000) })}`}
              </span>
            </div>
          ),
        },
      status?.clock && { key: 'clock', node: <ClockSkew skew={status.clock} />, warn: true },
      source && { key: 'source', node: <span className="warn-text">{source}</span>, warn: true },
      { key: 'shop', node: <ShopStatus /> },
      office && { key: 'office', node: <OfficeBadge />, warn: office.warn },
      status &&
        status.rate.queued > 0 && {
          key: 'rate',
          node: (
            <span className="rate">{t('statusBar.rateQueued', { n: status.rate.queued })}</span>
          ),
        },
      { key: 'update', node: <UpdateBadge /> },
      // Offline and the age say it already: said in words where there is room.
      link === 'offline' && { key: 'saved', node: <span>{t('statusBar.savedData')}</span> },
    ] as (Fact | false | null | undefined | '')[]
  ).filter((f): f is Fact => Boolean(f));

  return (
    <footer className="status-bar" aria-label={t('statusBar.label')}>
      <div className={`link link-${link}`}>
        <span className="dot" aria-hidden="true" />
        <span className="link-text" role="status">
          {t(`statusBar.link.${link}`)}
        </span>
        <span className="age">{age}</span>
      </div>
      <BarFacts facts={facts} />
      <button
        type="button"
        className={`outbox-button${attention || outboxDamaged ? ' attention' : ''}`}
        onClick={() => go({ name: 'outbox' })}
        aria-keyshortcuts={KEYS.outbox}
      >
        {t(outboxDamaged ? 'statusBar.outboxDamaged' : 'statusBar.outbox', { waiting, attention })}{' '}
        <Kbd keys={KEYS.outbox} />
      </button>
    </footer>
  );
}

export function TrainingBanner() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const training = useSlice(stores.setup, (s) => s.status?.mode === 'training');
  const statusTraining = useSlice(stores.status, (s) => s.status?.training === true);
  if (!training && !statusTraining) return null;
  return (
    <>
      <p className="training-banner" role="note">
        {t('training.banner')}
      </p>
      <TrainingClock />
    </>
  );
}

/** Beyond this, training's clock is not the real time: staff are told which time it pretends. */
const PRETEND_AFTER_MS = 60_000;

/** At night training opens on a bookable morning: say plainly what time it pretends it is. */
function TrainingClock() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const timeZone = useSlice(stores.setup, (s) => s.status?.store?.timeZone);
  const offset = useSlice(stores.status, (s) => s.status?.clockOffsetMs ?? 0);
  const now = useSlice(stores.status, (s) => s.now);
  if (!timeZone || Math.abs(offset) < PRETEND_AFTER_MS) return null;
  const local = localNow(now, timeZone);
  return (
    <p className="training-clock">
      {t('training.pretendTime', { time: `${fmt.date(local.date)} ${fmt.time(local.time)}` })}
    </p>
  );
}

/**
 * This PC's clock is off by more than a minute (H7): said plainly, with what the counter
 * goes by instead, so that staff have it set right (its ages and "today" are already corrected).
 */
function ClockSkew({ skew }: { skew: Skew }) {
  const { t } = useTranslation();
  const amount = clockAmount(t, skew.skewMs);
  return (
    <span className="clock-skew warn-text" role="alert">
      {t(skew.skewMs < 0 ? 'statusBar.clock.slow' : 'statusBar.clock.fast', { amount })}{' '}
      {skew.against === 'service'
        ? t('statusBar.clock.service')
        : t('statusBar.clock.counter', { name: skew.counterName ?? '—' })}
    </span>
  );
}

/** A queued walk-in reached its outcome: say so where staff look, until they dismiss it. */
function OutboxNews() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const news = useSlice(stores.status, (s) => s.news);
  const go = useSlice(stores.nav, (s) => s.go);
  const pending = news?.state === 'booked' && news.reservationStatus === 'pending';
  return (
    <div className="news" role="status">
      {news && (
        <>
          <button
            type="button"
            className={`link-button${news.state !== 'booked' ? ' error-text' : pending ? ' warn-text' : ''}`}
            onClick={() => go({ name: 'outbox' })}
          >
            {news.state === 'booked'
              ? t(pending ? 'statusBar.news.bookedPending' : 'statusBar.news.booked', {
                  name: news.customerName,
                  number: news.reservationNumber ?? '—',
                })
              : news.state === 'refused'
                ? t('statusBar.news.refused', { name: news.customerName })
                : news.state === 'unreadable'
                  ? t('statusBar.news.unreadable')
                  : t('statusBar.news.needs_review', { name: news.customerName })}
          </button>
          <button
            type="button"
            aria-label={t('statusBar.news.dismiss')}
            onClick={() => stores.status.getState().dismissNews()}
          >
            ×
          </button>
        </>
      )}
    </div>
  );
}
