/** Every request the sandbox answered, for tests and the control surface; the oldest drop off. */

export interface RequestLogEntry {
  at: number;
  method: string;
  path: string;
  status: number;
  keyRole: string | null;
  fault: string | null;
  durationMs: number;
}

const LIMIT = 100_000;

export class RequestLog {
  private readonly entries: RequestLogEntry[] = [];

  add(entry: Omit<RequestLogEntry, 'at'>): void {
    // Drop a tenth at a time, so a long run does not shift the array on every request.
    if (this.entries.length >= LIMIT) this.entries.splice(0, LIMIT / 10);
    this.entries.push({ at: Date.now(), ...entry });
  }

  all(): readonly RequestLogEntry[] {
    return this.entries;
  }

  clear(): void {
    this.entries.length = 0;
  }
}
