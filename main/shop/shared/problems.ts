/**
 * Records of the shared doc that cannot be used, each reported once (logged, listed) while it is
 * in the doc: what is known of it (its counter, date, reservation) and what is wrong — never a
 * value of a field, which could be anything a peer wrote.
 */
import type { Logger } from '../../api/log';
import type { SharedArea, SharedProblem } from './records';

export class SharedProblems {
  private readonly found = new Map<string, SharedProblem>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly logger: Logger,
    private readonly now: () => number,
  ) {}

  list(): SharedProblem[] {
    return [...this.found.values()];
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  report(
    area: SharedArea,
    key: string,
    issue: string,
    value: unknown,
    owner?: string | null,
  ): void {
    const id = `${area}:${key}`;
    if (this.found.has(id)) return;
    const known =
      typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    const problem: SharedProblem = {
      area,
      key: key.slice(0, 200),
      issue,
      counterId: text(known.counterId) ?? owner ?? null,
      date: text(known.date),
      reservationId: text(known.reservationId),
      foundAt: this.now(),
    };
    this.found.set(id, problem);
    this.logger.warn('shop.record.unusable', {
      area,
      key: problem.key,
      issue,
      counterId: problem.counterId,
    });
    this.changed();
  }

  /** The record is gone or now readable. */
  forget(area: SharedArea, key: string): void {
    if (this.found.delete(`${area}:${key}`)) this.changed();
  }

  /** Forget the problems of an area whose records are no longer there. */
  keepOnly(area: SharedArea, present: Set<string>): void {
    for (const problem of this.list())
      if (problem.area === area && !present.has(problem.key)) this.forget(area, problem.key);
  }

  private changed(): void {
    for (const listener of this.listeners) {
      try {
        listener();
      } catch (error) {
        this.logger.error('shop.listener.failed', { error });
      }
    }
  }
}

function text(v: unknown): string | null {
  return typeof v === 'string' ? v.slice(0, 64) : null;
}

/** The first issue of a failed parse: where and what, never the value. */
export function describeIssue(error: {
  issues: Array<{ path: PropertyKey[]; message: string }>;
}): string {
  const first = error.issues[0];
  if (!first) return 'invalid';
  const where = first.path.map(String).join('.');
  return (where ? `${where}: ${first.message}` : first.message).slice(0, 200);
}
