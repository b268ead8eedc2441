/**
 * The sandbox service's state and its control surface as a module API: clock, faults, reset,
 * snapshots, the e-mail outbox, and what the service's admin screen and booking site would do
 * (approve, reject, cancel, book with card), for tests and training.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { z } from 'zod';
import {
  CancelReason,
  CreateReservationRequest,
  RecordedPaymentMethod,
  type Reservation,
} from '../main/api/schemas';
import { Clock } from './clock';
import { approveReservation, rejectReservation } from './domain/approval';
import { cancelReservation } from './domain/cancellation';
import { createReservation } from './domain/creation';
import { CursorCodec } from './domain/cursor';
import { ServiceError } from './domain/errors';
import type { StoreContext } from './domain/store-context';
import { World } from './domain/world';
import { FaultInjector, type FaultConfigInput } from './faults';
import {
  toWire,
  type EmailRecord,
  type Plan,
  type ReservationRecord,
  type WorldState,
} from './model';
import { RequestLog, type RequestLogEntry } from './request-log';
import { readSource, type Snapshot } from './sandbox-files';
import { compileScenario } from './scenario/compile';
import { demoScenario } from './scenario/demo';
import { SNAPSHOT_FORMAT, Scenario, type ScenarioInput } from './scenario/format';

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
  /**
   * Serve only what the spec shows: endpoints it does not show answer 404, answers carry only
   * the spec's fields and those kept on purpose (`http/spec-only.ts`).
   */
  specOnly?: boolean;
}

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

/**
 * The demo compiled at an instant, as JSON, by that instant: the last few. Every test and every
 * training start at a set time builds the same demo: generating and compiling it cost 0.05–0.2 s
 * of CPU (~0.5 s in a fresh process), reading it back 0.01–0.03 s (decision F60). Only the
 * built-in demo: it is code, so its start alone names its world; a scenario given is compiled
 * every time.
 */
const demoWorlds = new Map<number, string>();
const DEMO_WORLDS_KEPT = 4;

/** The demo's world as it compiles at `at`, fresh objects on `clock` each time. */
function demoWorldAt(at: number | string, clock: Clock): World {
  // Read as the clock reads it: a running clock may already be a millisecond past it.
  const start = new Clock(at, { frozen: true }).now();
  let json = demoWorlds.get(start);
  if (json === undefined) {
    const scenario = Scenario.parse(demoScenario());
    // Compiled at the start itself, so the same start always gives the same world.
    json = JSON.stringify(compileScenario(scenario, new Clock(start, { frozen: true })).state);
    if (demoWorlds.size >= DEMO_WORLDS_KEPT) demoWorlds.delete(demoWorlds.keys().next().value!);
    demoWorlds.set(start, json);
  }
  return new World(JSON.parse(json) as WorldState, clock);
}

export class Sandbox {
  readonly clock: Clock;
  readonly faults: FaultInjector;
  readonly codec = new CursorCodec(randomBytes(16).toString('hex'));
  readonly rateWindowMs: number;
  readonly idempotencyRetentionMs: number;
  /** Only what the spec shows is served (`http/spec-only.ts`). */
  readonly specOnly: boolean;
  /** Idempotency scopes being processed, with the fingerprint of their content. */
  readonly inProgress = new Map<string, string>();
  world: World;
  private readonly planLimits: Record<Plan, number>;
  private readonly requestLog = new RequestLog();
  private baseline: string;

  private constructor(world: World, clock: Clock, options: SandboxOptions) {
    this.clock = clock;
    this.world = world;
    this.faults = new FaultInjector(options.faults);
    this.rateWindowMs = options.rateLimit?.windowMs ?? 60_000;
    this.planLimits = { ...PLAN_LIMITS, ...options.rateLimit?.perPlan };
    this.idempotencyRetentionMs = options.idempotencyRetentionMs ?? 24 * 3_600_000;
    this.specOnly = options.specOnly ?? false;
    if (options.freshKeys) {
      for (const key of world.state.keys)
        key.token = `fd_training_${randomBytes(18).toString('base64url')}`;
      this.world = new World(world.state, clock);
    }
    this.baseline = JSON.stringify(this.world.state);
  }

  static async create(options: SandboxOptions = {}): Promise<Sandbox> {
    if (options.scenario === undefined && options.now !== undefined) {
      const clock = new Clock(options.now, { frozen: options.freezeClock });
      return new Sandbox(demoWorldAt(options.now, clock), clock, options);
    }
    const source =
      options.scenario === undefined
        ? await readSource(demoScenario(), 'demo scenario')
        : await readSource(options.scenario, 'scenario');
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
    this.requestLog.add(entry);
  }

  requests(): readonly RequestLogEntry[] {
    return this.requestLog.all();
  }

  clearRequests(): void {
    this.requestLog.clear();
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
    const parsed = await readSource(source, 'load');
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

  private reservation(reservationId: string): ReservationRecord {
    const r = this.world.reservation(reservationId);
    if (!r)
      throw new ServiceError('RESERVATION_NOT_FOUND', `reservation ${reservationId} not found`);
    return r;
  }

  /** The business approves a pending reservation; the customer is told (spec §6). */
  approve(reservationId: string): Reservation {
    const r = this.reservation(reservationId);
    approveReservation(this.world, r);
    return toWire(r);
  }

  /** The business declines a pending reservation: it becomes `rejected` and frees its seats. */
  reject(reservationId: string): Reservation {
    const r = this.reservation(reservationId);
    rejectReservation(this.world, r);
    return toWire(r);
  }

  /** A cancellation made in the service (admin screen or the customer on the booking site). */
  cancel(
    reservationId: string,
    reason: z.input<typeof CancelReason>,
    sendCancellationEmail = true,
  ): Reservation {
    const r = this.reservation(reservationId);
    const store = this.world.store(r.storeId)!;
    const ctx: StoreContext = { world: this.world, store, organizationId: store.organizationId };
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
