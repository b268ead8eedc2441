/**
 * A tiny office as the wire contract describes it (office/protocol/wire.ts), in memory: enough
 * for the counter's tests until the real office is merged. It keeps one counter's records by seq,
 * answers a batch past its next with `expected`, a resend with `duplicates`, and can be told to
 * fail, revoke, or forget its newest records (restored from an older backup).
 */
import type { z } from 'zod';
import {
  BatchAnswer,
  RecordBatch,
  type DayTally,
  type OfficeRecord,
} from '../../../office/protocol/wire';
import {
  OfficeError,
  type OfficeRequest,
  type OfficeTransport,
} from '../../../main/desk/office/transport';

export class FakeOffice implements OfficeTransport {
  readonly records = new Map<number, OfficeRecord>();
  readonly batches: { at: number; first: number; last: number; tallies: DayTally[] }[] = [];
  /** Failures to answer before the next success (status 0: no answer). */
  failNext: number[] = [];
  revoked = false;
  credential = 'cred-0123456789abcdef0123456789abcdef';
  /** Store no more than this many of a batch (a partial answer). */
  storeAtMost: number | null = null;

  constructor(private readonly now: () => number = () => 0) {}

  get head(): number {
    let head = 0;
    while (this.records.has(head + 1)) head++;
    return head;
  }

  /** Forget records after `head` (the office restored from an older backup). */
  truncate(head: number): void {
    for (const seq of [...this.records.keys()]) if (seq > head) this.records.delete(seq);
  }

  async request<S extends z.ZodType>(request: OfficeRequest, schema: S): Promise<z.output<S>> {
    await Promise.resolve();
    const status = this.failNext.shift();
    if (status !== undefined)
      throw new OfficeError(status, status === 0 ? 'network' : 'internal', 'failed');
    if (this.revoked || request.credential !== this.credential)
      throw new OfficeError(401, this.revoked ? 'revoked' : 'unauthorised', 'no');
    if (request.method === 'POST' && request.path === '/device/records') {
      const batch = RecordBatch.parse(request.body);
      const first = batch.records[0]!.seq;
      this.batches.push({
        at: this.now(),
        first,
        last: batch.records.at(-1)!.seq,
        tallies: batch.tallies,
      });
      const head = this.head;
      if (first > head + 1)
        return schema.parse(
          BatchAnswer.parse({ ackedThrough: head, stored: 0, duplicates: 0, expected: head + 1 }),
        );
      let stored = 0;
      let duplicates = 0;
      for (const r of batch.records) {
        if (this.records.has(r.seq)) duplicates++;
        else if (this.storeAtMost === null || stored < this.storeAtMost) {
          this.records.set(r.seq, r);
          stored++;
        }
      }
      return schema.parse({ ackedThrough: this.head, stored, duplicates });
    }
    throw new OfficeError(404, 'not_found', request.path);
  }
}
