/**
 * The sandbox service's state and its control surface as a module API: clock, faults, reset,
 * snapshots, the e-mail outbox, and what the service's admin screen and booking site would do
 * (approve, reject, cancel, book with card), for tests and training.
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import {
  CancelReason,
  CreateReservationRequest,
  RecordedPaymentMethod,
  Timestamp,
  type Reservation,
} from '../main/api/schemas';
import { Clock } from './clock';
import { CursorCodec } from './domain/cursor';
import { ServiceError } from './domain/errors';
import { recordEmail } from './domain/mail';
import {
  cancelReservation,
  createReservation,
  toWire,
  type StoreContext,
} from './domain/reservations';
import { World } from './domain/world';
import { FaultInjector, type FaultConfigInput } from './faults';
import { WorldState, type EmailRecord, type Plan } from './model';
import { compileScenario } from './scenario/compile';
import { demoScenario } from './scenario/demo';
import { SCENARIO_FORMAT, SNAPSHOT_FORMAT, Scenario, type ScenarioInput } from './scenario/format';

export const Snapshot = z.strictObject({
  format: z.literal(SNAPSHOT_FORMAT),
  now: Timestamp,
  state: WorldState,
});
export type Snapshot = z.infer<typeof Snapshot>;

export interface SandboxOptions {
  /** A scenario (object or file path); the demo business when left out. */
  scenario?: ScenarioInput | string;
  /** Where the clock starts (overrides the scenario's `now`). */
  now?: string | number;
  freezeClock?: boolean;
  /** Requests per window by plan; the window is a minute unless shortened for tests. */
  rateLimit?: { windowMs?: number; perPlan?: Partial<Record<Plan, number>> };
  faults?: FaultConfigInput;
  /** How long a successful creation's Idempotency-Key is remembered (default 24 h). */
  idempotencyRetentionMs?: number;
  /** Replace the scenario's key tokens with random ones (training mode: nobody else knows them). */
  freshKeys?: boolean;
}

export interface RequestLogEntry {
  at: number;
  method: string;
  path: string;
  status: number;
  keyRole: string | null;
  fault: string | null;
  durationMs: number;
}

const REQUEST_LOG_LIMIT = 100_000;
const PLAN_LIMITS: Record<Plan, number> = { standard: 60, facility: 300, light: 60 };

/** What the CLI prints and tests use: a demo key and its properties. */
export interface KeyInfo {
  token: string;
  role: string;
  name: string;
  organizationId: string;
  teamId: string | null;
  scopes: string[];
  plan: Plan;
  revoked: boolean;
  expired: boolean;
}

/** A scenario or snapshot that cannot be read or is not valid; the message says where and why. */
export class SandboxFileError extends Error {
  override name = 'SandboxFileError';
}

/** Read a scenario or snapshot file; every failure names the file. */
async function loadJson(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new SandboxFileError(`cannot read sandbox file ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new SandboxFileError(`sandbox file ${path} is not JSON: ${(error as Error).message}`);
  }
}

type Source = { kind: 'snapshot'; snapshot: Snapshot } | { kind: 'scenario'; scenario: Scenario };

/** A snapshot or a scenario, told apart by `format`, with a readable error for anything else. */
function parseSource(input: unknown, origin: string): Source {
  const format = (input as { format?: unknown } | null)?.format;
  if (format === SNAPSHOT_FORMAT) {
    const parsed = Snapshot.safeParse(input);
    if (parsed.success) return { kind: 'snapshot', snapshot: parsed.data };
    throw new SandboxFileError(`${origin}: invalid snapshot:\n${z.prettifyError(parsed.error)}`);
  }
  if (format === SCENARIO_FORMAT) {
    const parsed = Scenario.safeParse(input);
    if (parsed.success) return { kind: 'scenario', scenario: parsed.data };
    throw new SandboxFileError(`${origin}: invalid scenario:\n${z.prettifyError(parsed.error)}`);
  }
  throw new SandboxFileError(
    `${origin}: not a sandbox file: format must be ${SNAPSHOT_FORMAT} or ${SCENARIO_FORMAT}`,
  );
}

export class Sandbox {
  readonly clock: Clock;
  readonly faults: FaultInjector;
  readonly codec = new CursorCodec(randomBytes(16).toString('hex'));
  readonly rateWindowMs: number;
  readonly idempotencyRetentionMs: number;
  /** Idempotency scopes being processed, with the fingerprint of their content. */
  readonly inProgress = new Map<string, string>();
  world: World;
  private readonly planLimits: Record<Plan, number>;
  private readonly requestLog: RequestLogEntry[] = [];
  private baseline: string;

  private constructor(world: World, clock: Clock, options: SandboxOptions) {
    this.clock = clock;
    this.world = world;
    this.faults = new FaultInjector(options.faults);
    this.rateWindowMs = options.rateLimit?.windowMs ?? 60_000;
    this.planLimits = { ...PLAN_LIMITS, ...options.rateLimit?.perPlan };
    this.idempotencyRetentionMs = options.idempotencyRetentionMs ?? 24 * 3_600_000;
    if (options.freshKeys) {
      for (const key of world.state.keys)
        key.token = `fd_training_${randomBytes(18).toString('base64url')}`;
      this.world = new World(world.state, clock);
    }
    this.baseline = JSON.stringify(this.world.state);
  }

  static async create(options: SandboxOptions = {}): Promise<Sandbox> {
    const { scenario: given } = options;
    const source =
      given === undefined
        ? parseSource(demoScenario(), 'demo scenario')
        : typeof given === 'string'
          ? parseSource(await loadJson(given), given)
          : parseSource(given, 'scenario');
    if (source.kind === 'snapshot') {
      const clock = new Clock(options.now ?? source.snapshot.now, { frozen: options.freezeClock });
      return new Sandbox(new World(source.snapshot.state, clock), clock, options);
    }
    const clock = new Clock(options.now ?? source.scenario.now, { frozen: options.freezeClock });
    return new Sandbox(compileScenario(source.scenario, clock), clock, options);
  }

  limitFor(plan: Plan): number {
    return this.planLimits[plan];
  }

  keys(): KeyInfo[] {
    return this.world.state.keys.map((k) => ({
      token: k.token,
      role: k.role,
      name: k.name,
      organizationId: k.organizationId,
      teamId: k.teamId,
      scopes: [...k.scopes],
      plan: k.plan,
      revoked: k.revokedAt !== null,
      expired: k.expiresAt !== null && Date.parse(k.expiresAt) <= this.clock.now(),
    }));
  }

  /** The token of the key with this role (see the demo's roles). */
  keyFor(role: string): string {
    const key = this.world.state.keys.find((k) => k.role === role);
    if (!key) throw new Error(`no key with role ${role}`);
    return key.token;
  }

  // --- requests ------------------------------------------------------------------------------

  logRequest(entry: Omit<RequestLogEntry, 'at'>): void {
    if (this.requestLog.length >= REQUEST_LOG_LIMIT)
      this.requestLog.splice(0, REQUEST_LOG_LIMIT / 10);
    this.requestLog.push({ at: Date.now(), ...entry });
  }

  requests(): readonly RequestLogEntry[] {
    return this.requestLog;
  }

  clearRequests(): void {
    this.requestLog.length = 0;
  }

  // --- state ---------------------------------------------------------------------------------

  /** Back to the state the sandbox was loaded with; faults and the request log are cleared. */
  reset(): void {
    this.world = new World(JSON.parse(this.baseline) as WorldState, this.clock);
    this.inProgress.clear();
    this.faults.clear();
    this.clearRequests();
  }

  snapshot(): Snapshot {
    return {
      format: SNAPSHOT_FORMAT,
      now: this.clock.iso(),
      state: structuredClone(this.world.state),
    };
  }

  async saveSnapshot(path: string): Promise<void> {
    await writeFile(path, JSON.stringify(this.snapshot()));
  }

  /** Load a snapshot or a scenario (object or file); it becomes the state `reset` returns to. */
  async load(source: unknown): Promise<void> {
    const parsed =
      typeof source === 'string'
        ? parseSource(await loadJson(source), source)
        : parseSource(source, 'load');
    if (parsed.kind === 'snapshot') {
      this.clock.set(parsed.snapshot.now);
      this.world = new World(parsed.snapshot.state, this.clock);
    } else {
      const { scenario } = parsed;
      const before = this.clock.now();
      if (scenario.now) this.clock.set(scenario.now);
      try {
        this.world = compileScenario(scenario, this.clock);
      } catch (error) {
        // A scenario that does not compile leaves the sandbox as it was.
        this.clock.set(before);
        throw error;
      }
    }
    this.inProgress.clear();
    this.baseline = JSON.stringify(this.world.state);
  }

  emails(): readonly EmailRecord[] {
    return this.world.state.emails;
  }

  // --- what the admin screen and the booking site do ------------------------------------------

  private contextOf(reservationId: string): { ctx: StoreContext; id: string } {
    const r = this.world.reservation(reservationId);
    if (!r)
      throw new ServiceError('RESERVATION_NOT_FOUND', `reservation ${reservationId} not found`);
    const store = this.world.store(r.storeId)!;
    return { ctx: { world: this.world, store, organizationId: store.organizationId }, id: r.id };
  }

  /** The business approves a pending reservation; the customer is told (spec §6). */
  approve(reservationId: string): Reservation {
    const { ctx } = this.contextOf(reservationId);
    const r = this.world.reservation(reservationId)!;
    if (r.status !== 'pending')
      throw new ServiceError('RESERVATION_NOT_CANCELLABLE', `reservation is ${r.status}`);
    this.world.updateReservation(r, (rec) => (rec.status = 'confirmed'));
    recordEmail(this.world, ctx.store, r, 'reservation_approved');
    return toWire(r);
  }

  /** The business declines a pending reservation: it becomes `rejected` and frees its seats. */
  reject(reservationId: string): Reservation {
    const r = this.world.reservation(reservationId);
    if (!r)
      throw new ServiceError('RESERVATION_NOT_FOUND', `reservation ${reservationId} not found`);
    if (r.status !== 'pending')
      throw new ServiceError('RESERVATION_NOT_CANCELLABLE', `reservation is ${r.status}`);
    this.world.updateReservation(r, (rec) => (rec.status = 'rejected'));
    return toWire(r);
  }

  /** A cancellation made in the service (admin screen or the customer on the booking site). */
  cancel(
    reservationId: string,
    reason: z.input<typeof CancelReason>,
    sendCancellationEmail = true,
  ): Reservation {
    const { ctx } = this.contextOf(reservationId);
    const r = this.world.reservation(reservationId)!;
    return toWire(
      cancelReservation(ctx, r, {
        cancelReason: CancelReason.parse(reason),
        sendCancellationEmail,
      }),
    );
  }

  /** A booking made on the service's own booking site (deadlines apply; card payment possible). */
  bookOnSite(
    storeId: string,
    body: z.input<typeof CreateReservationRequest>,
    paymentMethod: z.input<typeof RecordedPaymentMethod> = 'card',
  ): Reservation {
    const store = this.world.store(storeId);
    if (!store) throw new ServiceError('STORE_NOT_FOUND', `store ${storeId} not found`);
    const ctx = { world: this.world, store, organizationId: store.organizationId };
    const request = CreateReservationRequest.parse({ ...body, paymentMethod: 'external' });
    return toWire(
      createReservation(ctx, request, {
        source: 'booking_site',
        paymentMethod: RecordedPaymentMethod.parse(paymentMethod),
        applyApiRules: false,
      }),
    );
  }
}
