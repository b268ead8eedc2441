/**
 * The day's close and the journal's export (issue 13): preview and commit a counter's close, the
 * store's close over the shop, the printable report, the journal as CSV. Money is the counter's
 * own journal: any key may read and keep it. Committing the close asks the close permission; the
 * report and its print are anyone's; the CSV leaves a record of who took it.
 */
import { DateTime } from 'luxon';
import type { CloseView, UiLocale } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import { channel, type ChannelsOf } from '../channel';
import { todayIn } from '../day/day';
import type { DeskPorts } from '../ports';
import type { DeskSession } from '../desk-session';
import { bookingOf } from '../sales/refunds-owed';
import { moneySettingsOf } from '../sales/settings';
import { storeSummary } from '../store-summary';
import { closeViewOf, commitClose, type CloseEntry } from './counter-close';
import { journalCsv } from './journal-csv';
import { closeReportHtml, type ReportOptions } from './report';
import { closeReportThermal } from './report-thermal';
import { storeClose, summaryOf } from './store-close';

/** The longest range one CSV export covers (a year and a day: a fiscal year with a leap day). */
export const CSV_MAX_DAYS = 366;

/** How many refunds are owed now (the sales part's list). */
export type RefundsOwedCount = () => number | Promise<number>;

export function closeApp(
  ctx: Pick<DeskPorts, 'sessions' | 'settings' | 'now' | 'logger' | 'printers'>,
  refundsOwed: RefundsOwedCount,
): ChannelsOf<
  'close.preview' | 'close.commit' | 'close.store' | 'close.report' | 'close.print' | 'journal.csv'
> {
  const { sessions } = ctx;
  /**
   * The opening float staff last entered per day (this process): the store's close and the report,
   * which ask none, count with it rather than with none. A closed day has its own.
   */
  const floats = new Map<string, number>();
  const entryOf = (date: string): CloseEntry => ({
    date,
    openingFloat: floats.get(date) ?? null,
    counted: null,
    note: null,
  });
  const publish = (session: DeskSession, view: CloseView) => {
    try {
      session.shared?.setOwnClose(summaryOf(view, ctx.now()));
    } catch (error) {
      // The shop is a view of the counters' figures: its failure never fails this counter's close.
      ctx.logger.warn('close.not_shared', { error: (error as Error).name });
    }
  };
  const dayOf = (session: DeskSession, date: string | null) =>
    date ?? todayIn(session.timeZone, ctx.now());
  /** The report's figures and how it is printed, for the page and the receipt printer alike. */
  const report = async (date: string, locale: UiLocale) => {
    const s = sessions.require();
    const view = closeViewOf(s, entryOf(date), ctx.now(), await refundsOwed());
    // At a counter of a shop the report ends with the store's close, as the screen has it (Z13).
    const store = s.shared ? storeClose(view, s.shared) : null;
    const options: ReportOptions = {
      locale,
      storeName: storeSummary(s.store).name,
      timeZone: s.timeZone,
      now: ctx.now(),
      store: store && store.counters.length > 1 ? store : null,
    };
    return { view, options };
  };

  return {
    'close.preview': channel(
      { scope: null, rule: 'open' },
      async ({ date, openingFloat, counted }) => {
        const s = sessions.require();
        const day = dayOf(s, date);
        if (openingFloat !== null) floats.set(day, openingFloat);
        const view = closeViewOf(s, { ...entryOf(day), counted }, ctx.now(), await refundsOwed());
        publish(s, view);
        return view;
      },
    ),
    'close.commit': channel({ scope: null, rule: 'close' }, async (request) => {
      const s = sessions.require();
      const view = commitClose(s, request, ctx.now(), await refundsOwed());
      publish(s, view);
      // Money made now goes on the next business day: the screens say so (Z10).
      sessions.queueStatus();
      return view;
    }),
    'close.store': channel({ scope: null, rule: 'open' }, async ({ date }) => {
      const s = sessions.require();
      const own = closeViewOf(s, entryOf(dayOf(s, date)), ctx.now(), await refundsOwed());
      // Published only when nothing of this counter's is there yet: a preview's figures (with
      // the cash counted) are better than these and stay.
      if (!s.shared?.closes(own.businessDate).some((c) => c.counterId === own.counterId))
        publish(s, own);
      return storeClose(own, s.shared);
    }),
    'close.report': channel({ scope: null, rule: 'open' }, async ({ date, locale }) => {
      const { view, options } = await report(date, locale);
      return { html: closeReportHtml(view, options), fileName: `close-report_${date}.html` };
    }),
    // On the receipt printer when set-up routes the report there (issue 31).
    'close.print': channel({ scope: null, rule: 'open' }, async ({ date, locale }) => {
      const { view, options } = await report(date, locale);
      const answer = await ctx.printers.printReport('close', () =>
        closeReportThermal(view, options),
      );
      if (answer) return answer;
      throw new DeskError('PRINT_UNAVAILABLE', 'the close report prints on the OS printer');
    }),
    'journal.csv': channel({ scope: null, rule: 'who' }, ({ from, to, locale }) => {
      const s = sessions.require();
      const days = DateTime.fromISO(to).diff(DateTime.fromISO(from), 'days').days;
      if (days < 0)
        throw new DeskError('INVALID_INPUT', 'the range ends before it starts', [
          { field: 'to', code: 'too_small', reason: 'on or after from' },
        ]);
      if (days >= CSV_MAX_DAYS)
        throw new DeskError('INVALID_INPUT', `at most ${CSV_MAX_DAYS} days at once`, [
          { field: 'to', code: 'too_big', reason: `at most ${CSV_MAX_DAYS} days after from` },
        ]);
      return journalCsv(
        s.journal.range(from, to),
        { from, to },
        locale,
        s.timeZone,
        (sale) => bookingOf(s, sale)?.reservationNumber ?? null,
        moneySettingsOf(ctx.settings).defaultTaxRate,
      );
    }),
  };
}

/** The close's count of refunds owed: the sales part's `refunds.owed`, counted. */
export function refundsOwedCount(sales: ChannelsOf<'refunds.owed'>): RefundsOwedCount {
  return async () => (await sales['refunds.owed'].handle({})).items.length;
}
