/**
 * Fault injection: what a flaky shop connection and a congested service do to requests.
 * Deterministic under a seed: the n-th request that faults apply to meets the same fate on every
 * run. Scripted faults (the next matching request gets exactly this) come before random ones.
 */
import { z } from 'zod';
import { Random } from './random';

export const FaultAction = z.enum([
  /** The connection is cut before the request is processed: nothing happened. */
  'reset',
  /** No answer; the connection is held until the client gives up (bounded by `hangMs`). */
  'timeout',
  /** 503 SERVICE_UNAVAILABLE before processing. */
  'error_503',
  /** 429 RATE_LIMITED before processing. */
  'error_429',
  /** The request is processed and committed, then the connection is cut: the answer is lost. */
  'drop_after_commit',
]);
export type FaultAction = z.infer<typeof FaultAction>;

export const FaultMatch = z.strictObject({
  methods: z.array(z.string()).optional(),
  /** Faults apply to paths containing this text (e.g. "/reservations"). */
  pathIncludes: z.string().optional(),
  /** ...and ending with this text (e.g. "/cancel", which "/cancel-preview" does not). */
  pathEndsWith: z.string().optional(),
});
export type FaultMatch = z.infer<typeof FaultMatch>;

export const FaultConfig = z.strictObject({
  seed: z.number().int().default(1),
  /** Added to every matching request, uniformly in [min, max] ms. */
  latencyMs: z
    .strictObject({ min: z.number().min(0), max: z.number().min(0) })
    .default({ min: 0, max: 0 }),
  /** How long a write holds its idempotency key before committing (REQUEST_IN_PROGRESS window). */
  processingMs: z.number().min(0).max(60_000).default(0),
  /** Probability per matching request of each fault. */
  rates: z
    .strictObject({
      reset: z.number().min(0).max(1).default(0),
      timeout: z.number().min(0).max(1).default(0),
      error503: z.number().min(0).max(1).default(0),
      error429: z.number().min(0).max(1).default(0),
      dropAfterCommit: z.number().min(0).max(1).default(0),
    })
    .default({ reset: 0, timeout: 0, error503: 0, error429: 0, dropAfterCommit: 0 }),
  /** `Retry-After` of injected 429 and 503 answers. */
  retryAfterSeconds: z.number().int().min(0).max(3600).default(1),
  /** Upper bound of a `timeout` fault. */
  hangMs: z.number().int().min(0).max(120_000).default(30_000),
  match: FaultMatch.default({}),
});
export type FaultConfig = z.infer<typeof FaultConfig>;
export type FaultConfigInput = z.input<typeof FaultConfig>;

export const ScriptedFault = z.strictObject({
  action: FaultAction,
  match: FaultMatch.default({}),
  /** How many matching requests get it. */
  times: z.number().int().min(1).default(1),
});
export type ScriptedFault = z.input<typeof ScriptedFault>;

export interface FaultPlan {
  latencyMs: number;
  action: FaultAction | null;
}

function matches(match: FaultMatch, method: string, path: string): boolean {
  if (match.methods && !match.methods.includes(method)) return false;
  if (match.pathIncludes !== undefined && !path.includes(match.pathIncludes)) return false;
  if (match.pathEndsWith !== undefined && !path.endsWith(match.pathEndsWith)) return false;
  return true;
}

export class FaultInjector {
  private config: FaultConfig = FaultConfig.parse({});
  private random = new Random(1);
  private script: z.output<typeof ScriptedFault>[] = [];
  /** How many times each action was injected, for tests and the control surface. */
  readonly injected: Record<FaultAction, number> = {
    reset: 0,
    timeout: 0,
    error_503: 0,
    error_429: 0,
    drop_after_commit: 0,
  };

  constructor(config: FaultConfigInput = {}) {
    this.configure(config);
  }

  /** Replace the configuration; the sequence restarts from the seed. */
  configure(config: FaultConfigInput): FaultConfig {
    this.config = FaultConfig.parse(config);
    this.random = new Random(this.config.seed);
    return this.config;
  }

  current(): FaultConfig {
    return this.config;
  }

  /** Queue faults for the next matching requests. */
  enqueue(...faults: ScriptedFault[]): void {
    this.script.push(...faults.map((f) => ScriptedFault.parse(f)));
  }

  /** No faults at all: default configuration, empty script, counters back to zero. */
  clear(): void {
    this.configure({});
    this.script = [];
    for (const action of FaultAction.options) this.injected[action] = 0;
  }

  get processingMs(): number {
    return this.config.processingMs;
  }

  get retryAfterSeconds(): number {
    return this.config.retryAfterSeconds;
  }

  get hangMs(): number {
    return this.config.hangMs;
  }

  /** Decide what happens to a request as it arrives. */
  plan(method: string, path: string): FaultPlan {
    const scripted = this.script.findIndex((f) => matches(f.match, method, path));
    const { latencyMs, rates, match } = this.config;
    const applies = matches(match, method, path);
    const latency =
      applies && latencyMs.max > 0
        ? latencyMs.min + this.random.next() * (latencyMs.max - latencyMs.min)
        : 0;
    let action: FaultAction | null = null;
    if (scripted >= 0) {
      const fault = this.script[scripted]!;
      action = fault.action;
      if (--fault.times === 0) this.script.splice(scripted, 1);
    } else if (applies) {
      // One draw per request keeps the sequence stable whatever the rates are.
      let r = this.random.next();
      const table: [FaultAction, number][] = [
        ['reset', rates.reset],
        ['timeout', rates.timeout],
        ['error_503', rates.error503],
        ['error_429', rates.error429],
        ['drop_after_commit', rates.dropAfterCommit],
      ];
      for (const [a, p] of table) {
        if (r < p) {
          action = a;
          break;
        }
        r -= p;
      }
    }
    if (action) this.injected[action]++;
    return { latencyMs: latency, action };
  }
}
