/** The day's channels: the day view (filled if the cache lacks it), refresh, the date watched. */
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';
import { ensureCatalogue, whileOnline } from '../link';
import { buildDayView, productsOf, todayIn } from './day';
import { DayFiller } from './fill';

export function dayApp(ctx: DeskContext): HandlersOf<'day.get' | 'day.refresh' | 'day.watch'> {
  const { sessions } = ctx;
  const filler = new DayFiller(ctx);
  return {
    'day.get': async ({ date }) => {
      const s = sessions.require();
      const day = date ?? todayIn(s.timeZone, ctx.now());
      sessions.viewing = day;
      await filler.fill(s, day);
      s.scheduler.setViewing({ date: day, productIds: [...productsOf(s).keys()] });
      const view = buildDayView(s, day, ctx.now());
      sessions.viewServed();
      return view;
    },
    'day.refresh': async ({ date }) => {
      const s = sessions.require();
      const fresh = await whileOnline(
        s,
        async (signal) => {
          await Promise.all([
            s.sync.syncStore(signal),
            ensureCatalogue(s, signal).then(() =>
              s.scheduler.refreshAvailability(date, [...productsOf(s).keys()]),
            ),
          ]);
          return true;
        },
        'offline',
      ).catch(() => false);
      ctx.emit('day.changed', { dates: [date] });
      return { ok: fresh };
    },
    'day.watch': ({ date }) => {
      const s = sessions.current;
      if (!s) return { ok: false };
      s.scheduler.setViewing(
        date === null ? null : { date, productIds: [...productsOf(s).keys()] },
      );
      return { ok: true };
    },
  };
}
