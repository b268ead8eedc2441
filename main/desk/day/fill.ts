/**
 * What a day view needs and the cache lacks — the catalogue, the day's availability, the first
 * sync — fetched now, waited for a short while. Later the scheduler keeps it fresh behind.
 */
import { definePart } from '../parts';
import type { DeskPorts } from '../ports';
import type { DeskSession, SessionPart } from '../desk-session';
import { ensureCatalogue } from '../link';
import { productsOf } from './day';

/** A promise that resolves after `ms` without keeping the process alive. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref?.());
}

/** What a day view waits for in this session, by date: a new session starts afresh. */
const filling: SessionPart<Map<string, Promise<void>>> = definePart('day.filling', () => new Map());

export class DayFiller {
  constructor(
    private readonly ctx: Pick<DeskPorts, 'sessions' | 'emit' | 'logger' | 'fillWaitMs'>,
  ) {}

  async fill(s: DeskSession, date: string): Promise<void> {
    if (s.connectivity.state.link === 'offline') return;
    const { cache } = s.local;
    /** Products whose availability of the date is not cached (one look at the month). */
    const missing = () => {
      const have = cache.availabilityOn(date);
      return [...productsOf(s).keys()].filter((id) => !have.has(id));
    };
    const lacking =
      !cache.catalogue() || cache.syncState().watermark === null || missing().length > 0;
    if (!lacking) return;
    const fills = s.part(filling);
    let pending = fills.get(date);
    if (!pending) {
      const started = (async () => {
        const sync = s.sync.syncStore().catch(() => undefined);
        await ensureCatalogue(s);
        const lacks = missing();
        await Promise.allSettled([
          lacks.length ? s.scheduler.refreshAvailability(date, lacks) : null,
          sync,
        ]);
      })()
        .catch((error: unknown) => this.ctx.logger.info('desk.fill_failed', { error }))
        .finally(() => {
          if (fills.get(date) === started) fills.delete(date);
        });
      fills.set(date, started);
      pending = started;
    }
    const done = await Promise.race([pending.then(() => true), pause(this.ctx.fillWaitMs)]);
    if (!done) {
      // Answered with what there was: say so again when the rest has come.
      void pending.then(() => {
        if (this.ctx.sessions.current === s) this.ctx.emit('day.changed', { dates: [date] });
      });
    }
  }
}
