/**
 * A tiny office as the wire contract describes it (office/protocol/wire.ts), in memory: enough
 * for the counter's tests until the real office is merged. One counter's records by seq; a batch
 * past its next answered with `expected`, a resend with `duplicates`; enrolment by code (a
 * replacement's code answers the replaced counter and its head); restore pages; tallies by day.
 * It can be told to fail, revoke, or forget its newest records. Reached in-process (as an
 * `OfficeTransport`) or over real HTTPS with its CA (`listen`).
 */
import { randomUUID } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { z } from 'zod';
import {
  BatchAnswer,
  EnrolRequest,
  MAX_BATCH,
  RecordBatch,
  StatusReport,
  type DayTally,
  type OfficeRecord,
} from '../../../office/protocol/wire';
import type { CounterStatus } from '../../../office/protocol/books';
import type { EnrolPorts } from '../../../main/desk/office/enrol';
import {
  OfficeError,
  answerOf,
  pinOf,
  type OfficeRequest,
  type OfficeTransport,
} from '../../../main/desk/office/transport';
import type { TestCa } from './certs';

const SECRET = 'ABCDEFGHIJKLMNOPQRST';

export class FakeOffice implements OfficeTransport {
  readonly records = new Map<number, OfficeRecord>();
  readonly batches: {
    at: number;
    first: number;
    last: number;
    tallies: DayTally[];
    status: CounterStatus | null;
  }[] = [];
  /** Statuses reported alone (POST /device/status), with when. */
  readonly statuses: { at: number; status: CounterStatus }[] = [];
  /** False: an office older than the status (its route unknown: 404). */
  statusRoute = true;
  readonly requests: OfficeRequest[] = [];
  /** Failures to answer before the next success (status 0: no answer). */
  failNext: number[] = [];
  revoked = false;
  credential = 'cred-0123456789abcdef0123456789abcdef';
  /** Store no more than this many of a batch (a partial answer). */
  storeAtMost: number | null = null;
  /** The code, when it replaces a counter: that counter's id and name. */
  replaces: { id: string; name: string } | null = null;
  /** Holds restore pages back until released (a restore seen under way). */
  hold: Promise<void> | null = null;
  caPem: string | null = null;

  constructor(private readonly now: () => number = () => 0) {}

  get head(): number {
    let head = 0;
    while (this.records.has(head + 1)) head++;
    return head;
  }

  /** The code staff type: this office's pin. */
  code(): string {
    return `FD1-${SECRET}-${pinOf(this.caPem!)}`;
  }

  /** Forget records after `head` (the office restored from an older backup). */
  truncate(head: number): void {
    for (const seq of [...this.records.keys()]) if (seq > head) this.records.delete(seq);
  }

  async request<S extends z.ZodType>(request: OfficeRequest, schema: S): Promise<z.output<S>> {
    await Promise.resolve();
    const { status, json } = await this.answer(request);
    return answerOf(status, json, schema);
  }

  /** The in-process office as enrolment reaches it (no TLS: the pin is checked all the same). */
  ports(): EnrolPorts {
    return { fetchCa: () => Promise.resolve(this.caPem!), transport: () => this };
  }

  private fail(status: number, code: string) {
    return { status, json: { error: { code, message: code } } };
  }

  async answer(request: OfficeRequest): Promise<{ status: number; json: unknown }> {
    this.requests.push(request);
    const [route = '', query = ''] = request.path.split('?');
    const params = new URLSearchParams(query);
    if (request.method === 'GET' && route === '/ca')
      return { status: 200, json: { pem: this.caPem } };
    const failure = this.failNext.shift();
    if (failure === 0) throw new OfficeError(0, 'network', 'no answer');
    if (failure !== undefined) return this.fail(failure, 'internal');
    if (request.method === 'POST' && route === '/enrol') {
      const body = EnrolRequest.parse(request.body);
      if (body.secret !== SECRET) return this.fail(400, 'code_invalid');
      return {
        status: 200,
        json: {
          deviceId: randomUUID(),
          credential: this.credential,
          organisation: { id: randomUUID(), name: '京都体験株式会社' },
          store: { id: randomUUID(), name: '京都本店' },
          counter: this.replaces ?? { id: body.counterId, name: body.counterName },
          head: this.replaces ? this.head : 0,
        },
      };
    }
    if (this.revoked) return this.fail(401, 'revoked');
    if (request.credential !== this.credential) return this.fail(401, 'unauthorised');
    if (request.method === 'POST' && route === '/device/records') {
      const batch = RecordBatch.parse(request.body);
      const first = batch.records[0]!.seq;
      this.batches.push({
        at: this.now(),
        first,
        last: batch.records.at(-1)!.seq,
        tallies: batch.tallies,
        status: batch.status ?? null,
      });
      const head = this.head;
      if (first > head + 1)
        return {
          status: 200,
          json: BatchAnswer.parse({
            ackedThrough: head,
            stored: 0,
            duplicates: 0,
            expected: head + 1,
          }),
        };
      let stored = 0;
      let duplicates = 0;
      for (const r of batch.records) {
        if (this.records.has(r.seq)) duplicates++;
        else if (this.storeAtMost === null || stored < this.storeAtMost) {
          this.records.set(r.seq, r);
          stored++;
        }
      }
      return { status: 200, json: { ackedThrough: this.head, stored, duplicates } };
    }
    if (request.method === 'POST' && route === '/device/status' && this.statusRoute) {
      const { status } = StatusReport.parse(request.body);
      this.statuses.push({ at: this.now(), status });
      return { status: 204, json: null };
    }
    if (request.method === 'GET' && route === '/device/records') {
      await this.hold;
      const after = Number(params.get('after') ?? 0);
      const records = [...this.records.values()]
        .filter((r) => r.seq > after)
        .sort((a, b) => a.seq - b.seq)
        .slice(0, Math.min(MAX_BATCH, 2));
      return { status: 200, json: { records, head: this.head } };
    }
    if (request.method === 'GET' && route === '/device/tallies') {
      const days = new Map<string, DayTally>();
      for (const r of this.records.values()) {
        if (r.stream !== 'journal' || !r.businessDate) continue;
        const d = days.get(r.businessDate) ?? { businessDate: r.businessDate, count: 0, sum: 0 };
        d.count++;
        d.sum += r.amount;
        days.set(r.businessDate, d);
      }
      return { status: 200, json: { days: [...days.values()] } };
    }
    return this.fail(404, 'not_found');
  }

  /** Serve over HTTPS with `ca`'s server certificate; resolves to its base URL and a close. */
  async listen(ca: TestCa): Promise<{ url: string; close: () => Promise<void> }> {
    this.caPem = ca.caPem;
    const server = https.createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const auth = req.headers.authorization;
        this.answer({
          method: req.method as 'GET' | 'POST',
          path: (req.url ?? '').replace(/^\/v1/, ''),
          body: text ? JSON.parse(text) : undefined,
          credential: auth?.startsWith('Bearer ') ? auth.slice(7) : undefined,
        }).then(
          ({ status, json }) => {
            res.writeHead(status, { 'content-type': 'application/json' });
            res.end(JSON.stringify(json));
          },
          () => res.destroy(),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `https://127.0.0.1:${port}`,
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  }
}
