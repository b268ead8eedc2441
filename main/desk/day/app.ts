/**
 * The day's channels: the day view (filled if the cache lacks it), a slot's parties when it is
 * opened, refresh, the date watched.
 */
import { channel, type ChannelsOf } from '../channel';
import type { DeskPorts } from '../ports';
import { ensureCatalogue, whileOnline } from '../link';
import { DeskError } from '../../ipc/errors';
import { buildDay, buildFullDay, productsOf, todayIn } from './day';
import { DayFiller } from './fill';
import { noteServed } from './patch';
import { partiesOf } from './screen';

export function dayApp(
  ctx: Pick<DeskPorts, 'sessions' | 'now' | 'emit' | 'logger' | 'fillWaitMs'>,
): ChannelsOf<'day.get' | 'day.parties' | 'day.refresh' | 'day.watch'> {
  const { sessions } = ctx;
  const filler = new DayFiller(ctx);
  return {
    'day.get': channel({ scope: 'dayView', rule: 'open' }, async ({ date }) => {
      const s = sessions.require();
      const day = date ?? todayIn(s.timeZone, ctx.now());
      sessions.viewing = day;
      await filler.fill(s, day);
      s.scheduler.setViewing({ date: day, productIds: [...productsOf(s).keys()] });
      const built = buildDay(s, day, ctx.now());
      noteServed(s, built);
      sessions.viewServed();
      return built.view;
    }),
    'day.parties': channel({ scope: 'dayView', rule: 'open' }, ({ date, slot }) => {
      const full = buildFullDay(sessions.require(), date, ctx.now());
      if (slot === null) return { date, reservations: partiesOf(full) };
      const found = full.products
        .find((p) => p.id === slot.productId)
        ?.slots.find((s) => s.startTime === slot.startTime);
      if (!found) throw new DeskError('SLOT_NOT_FOUND', 'there is no such slot on this day');
      return { date, reservations: found.reservations };
    }),
    'day.refresh': channel({ scope: 'dayView', rule: 'open' }, async ({ date }) => {
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
    }),
    'day.watch': channel({ scope: 'dayView', rule: 'open' }, ({ date }) => {
      const s = sessions.current;
      if (!s) return { ok: false };
      s.scheduler.setViewing(
        date === null ? null : { date, productIds: [...productsOf(s).keys()] },
      );
      return { ok: true };
    }),
  };
}
