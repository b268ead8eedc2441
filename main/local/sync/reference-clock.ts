/**
 * The counter's time, corrected to an agreed reference (H7): the service's own clock as
 * its answers' `Date` header says (RFC 9110; the API spec does not show one, so it is used when
 * present), else the shop's polling counter's corrected time (asked over the bus), else this PC's
 * own. Every time the counter stamps (check-ins, ages, "today") is read from `now()`, so a PC whose
 * clock is 7 minutes slow stamps the shop's time, and its status says how far off its clock is.
 *
 * Each reading bounds the offset (reference − this PC's clock) to an interval: the reference's
 * time at some moment between sending and receiving (a `Date` header's second adds its 1 s). The
 * intervals of the last `SAMPLE_LIFE_MS` are intersected (NTP's idea, without its statistics);
 * when they no longer meet (this PC's clock was set meanwhile), the newest reading starts again.
 *
 * The offset applied is kept (`SavedOffset`, with when it was measured) and used at the next
 * start until a fresh reading comes, so the first view after a restart is in the reference's time
 * rather than this PC's (H11).
 */
import { z } from 'zod';

/** Beyond this, the PC's clock is said to be off (a `Date` header is good to a second or two). */
export const SKEW_BOUND_MS = 60_000;
/** A reading is used this long; then the next one (or the fallback) decides. */
export const SAMPLE_LIFE_MS = 30 * 60_000;

/** What the PC's clock was compared with. */
export type ClockReference = 'service' | 'counter';

export interface ClockSkew {
  /** This PC's clock minus the reference (ms): negative, the PC's clock is slow. */
  skewMs: number;
  against: ClockReference;
  /** The counter compared with (`against: 'counter'`). */
  counterName: string | null;
}

/** A saved offset is used at start for this long after it was measured (a shop closed a week). */
export const SAVED_LIFE_MS = 7 * 86_400_000;
/** A confirmed offset is saved again this often (its measuring time moves on). */
export const SAVE_EVERY_MS = 10 * 60_000;

/** The offset as last applied, kept across restarts (H11). */
export const SavedOffset = z.object({
  offsetMs: z.number().int(),
  against: z.enum(['service', 'counter']),
  counterName: z.string().max(40).nullable(),
  /** This PC's clock when a reading last allowed it. */
  measuredAt: z.number(),
});
export type SavedOffset = z.infer<typeof SavedOffset>;

interface Bounds {
  low: number;
  high: number;
  /** This PC's clock when read. */
  at: number;
}

interface Estimate {
  bounds: Bounds | null;
  counterName: string | null;
}

export interface ReferenceClockOptions {
  /** This PC's own clock. */
  raw: () => number;
  /** Off (training's pretend morning is not the service's time): `now()` is `raw()`. */
  disabled?: boolean;
  /** The applied offset moved (the status, the scheduler's waits). */
  onChange?: (movedByMs: number) => void;
  /** The offset last applied (a previous run's): used until a fresh reading comes. */
  saved?: SavedOffset | null;
  /** Keep the offset: when it moves, and every `SAVE_EVERY_MS` while readings allow it. */
  save?: (saved: SavedOffset) => void;
}

export class ReferenceClock {
  private readonly service: Estimate = { bounds: null, counterName: null };
  private readonly counter: Estimate = { bounds: null, counterName: null };
  private applied = 0;
  private source: ClockReference | null = null;
  private savedAt: number | null = null;
  private savedCounterName: string | null = null;

  constructor(private readonly options: ReferenceClockOptions) {
    const saved = options.saved;
    const age = saved ? options.raw() - saved.measuredAt : NaN;
    // Measured in the future: this PC's clock was set back since; it says nothing then.
    if (!options.disabled && saved && age >= 0 && age <= SAVED_LIFE_MS) {
      this.applied = saved.offsetMs;
      this.source = saved.against;
      this.savedCounterName = saved.counterName;
      this.savedAt = saved.measuredAt;
    }
  }

  /** The reference's time now. */
  now(): number {
    return this.options.raw() + this.applied;
  }

  /** Reference − this PC's clock, as applied (ms). */
  offsetMs(): number {
    return this.applied;
  }

  /** What the offset is taken from now (null: nothing to compare with; this PC's own time). */
  reference(): ClockReference | null {
    return this.source;
  }

  /**
   * An answer of the service (`date`: its `Date` header, null or unreadable when absent) to a
   * request sent `ms` ago by this PC's clock.
   */
  noteService(date: string | null | undefined, ms: number): void {
    if (!date) return;
    const at = Date.parse(date);
    if (Number.isNaN(at)) return;
    const receivedAt = this.options.raw();
    // The header is whole seconds: the service's time was in [at, at + 1 s) when it answered.
    this.note(
      this.service,
      { low: at - receivedAt, high: at + 1_000 - (receivedAt - ms), at: receivedAt },
      null,
    );
  }

  /** The polling counter said its (corrected) time was `time`, answering a question sent `ms` ago. */
  noteCounter(time: number, ms: number, counterName: string): void {
    const receivedAt = this.options.raw();
    this.note(
      this.counter,
      { low: time - receivedAt, high: time - (receivedAt - ms), at: receivedAt },
      counterName,
    );
  }

  /** This PC's clock is off the reference by more than `SKEW_BOUND_MS` (null: not, or not known). */
  skew(): ClockSkew | null {
    this.update();
    if (this.source === null || Math.abs(this.applied) <= SKEW_BOUND_MS) return null;
    return {
      skewMs: -this.applied,
      against: this.source,
      counterName:
        this.source === 'counter' ? (this.counter.counterName ?? this.savedCounterName) : null,
    };
  }

  /** This PC's own clock, uncorrected (what another counter compares its time with). */
  pcNow(): number {
    return this.options.raw();
  }

  private note(estimate: Estimate, reading: Bounds, counterName: string | null): void {
    if (this.options.disabled || !(reading.high >= reading.low)) return;
    const kept = estimate.bounds;
    const low = kept && this.live(kept) ? Math.max(kept.low, reading.low) : reading.low;
    const high = kept && this.live(kept) ? Math.min(kept.high, reading.high) : reading.high;
    // Readings that do not meet: this PC's clock (or the reference) was set; the newest decides.
    estimate.bounds = low <= high ? { low, high, at: reading.at } : reading;
    estimate.counterName = counterName ?? estimate.counterName;
    this.update();
  }

  private live(bounds: Bounds): boolean {
    return this.options.raw() - bounds.at <= SAMPLE_LIFE_MS;
  }

  /** The service's time when known, else the polling counter's, else none. */
  private update(): void {
    const from: [ClockReference, Bounds] | null =
      this.service.bounds && this.live(this.service.bounds)
        ? ['service', this.service.bounds]
        : this.counter.bounds && this.live(this.counter.bounds)
          ? ['counter', this.counter.bounds]
          : null;
    this.source = from?.[0] ?? (this.source && this.applied !== 0 ? this.source : null);
    if (!from) return; // the last offset stays: this PC's clock did not get better meanwhile
    const { low, high, at } = from[1];
    // An offset the readings allow stays (a right clock stays exactly right; stamps stay steady).
    if (low <= this.applied && this.applied <= high) return this.keep(from[0], at, false);
    const offset = Math.round((low + high) / 2);
    const moved = offset - this.applied;
    this.applied = offset;
    this.keep(from[0], at, true);
    this.options.onChange?.(moved);
  }

  /** Save the offset applied when it moved, and now and then while readings confirm it. */
  private keep(against: ClockReference, measuredAt: number, moved: boolean): void {
    if (!this.options.save) return;
    if (!moved && this.savedAt !== null && measuredAt - this.savedAt < SAVE_EVERY_MS) return;
    this.savedAt = measuredAt;
    const counterName = against === 'counter' ? this.counter.counterName : null;
    try {
      this.options.save({ offsetMs: this.applied, against, counterName, measuredAt });
    } catch {
      // Not kept this time: the next reading tries again; the time applied is right either way.
      this.savedAt = null;
    }
  }
}
