/**
 * The transport-agnostic router: every call from the renderer comes through `handle`, whatever
 * carried it (Electron IPC, the browser host's loopback bridge). It checks the channel and the
 * input against the contract, calls the handler, checks the output, and turns any failure into
 * `{ code, message, details }` — never a stack, never a secret. It never throws.
 *
 * An answer the handler hands out frozen (a kept day view) is checked once: the same frozen object
 * again gets the output checked for it then; so is each frozen reservation view inside an answer
 * (`reused-checks.ts`), since a rebuilt day shares all but the changed ones (decision G5). Frozen
 * means frozen all the way down, which the desk's `deepFreeze` does; anything else is checked
 * every time.
 */
import type { z } from 'zod';
import type { Logger } from '../api/log';
import { toDetails } from '../api/schemas';
import {
  ReservationView,
  channels,
  failure,
  type Channel,
  type IpcError,
  type IpcResult,
  type Response,
} from './contract';
import { toIpcError } from './errors';
import { reusingChecks } from './reused-checks';

/** What answers one channel: its parsed request in, its response (or a promise of it) out. */
export type Handler<C extends Channel> = (
  request: z.output<(typeof channels)[C]['request']>,
) => Promise<Response<C>> | Response<C>;

/** Every channel's handler. */
export type Handlers = { [C in Channel]: Handler<C> };

/** The handlers of some channels: what one counter feature declares. */
export type HandlersOf<C extends Channel> = Pick<Handlers, C>;

function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(channels, name);
}

/** At most this many validation details go back: enough to mark the fields, never a flood. */
const MAX_DETAILS = 20;

const INTERNAL: IpcError = {
  code: 'INTERNAL',
  message: 'something went wrong in the app',
  details: [],
};

export class Router {
  /** Per channel: frozen answers already checked, with what the check gave. */
  private readonly checked = new Map<Channel, WeakMap<object, unknown>>();
  /** Frozen reservation views already checked (in any answer), with what the check gave. */
  private readonly checkedViews = new WeakMap<object, unknown>();
  /** Per channel: its answer's schema, checking frozen reservation views once. */
  private readonly answers = new Map<Channel, z.ZodType>();

  private answerSchema(channel: Channel): z.ZodType {
    let schema = this.answers.get(channel);
    if (!schema) {
      schema = reusingChecks(channels[channel].response, ReservationView, this.checkedViews);
      this.answers.set(channel, schema);
    }
    return schema;
  }

  constructor(
    private readonly handlers: Handlers,
    private readonly logger: Logger,
  ) {}

  /** Logging must never be the reason a call fails. */
  private log(level: 'info' | 'error', event: string, fields: Record<string, unknown>): void {
    try {
      this.logger[level](event, fields);
    } catch {
      // Nothing more to do: the call's own result still goes back.
    }
  }

  private keepChecked(channel: Channel, value: object, output: unknown): void {
    let seen = this.checked.get(channel);
    if (!seen) this.checked.set(channel, (seen = new WeakMap()));
    seen.set(value, output);
  }

  /**
   * Check a frozen answer before it is asked for (today's day view, built while the page loads:
   * decision G12), so that the call returning that same object skips the check, as a second call
   * would (G5). The same check as `handle`'s; a value it refuses is not kept (the call then
   * refuses it as usual). Returns what the call will answer, or undefined when nothing was kept.
   */
  prepare(channel: Channel, value: unknown): unknown {
    if (!isFrozenObject(value)) return undefined;
    const output = this.answerSchema(channel).safeParse(value);
    if (!output.success) return undefined;
    this.keepChecked(channel, value, output.data);
    return output.data;
  }

  async handle(channel: unknown, payload: unknown): Promise<IpcResult> {
    if (!isChannel(channel)) {
      return failure('UNKNOWN_CHANNEL', 'no such channel');
    }
    const spec = channels[channel];
    let input: ReturnType<typeof spec.request.safeParse>;
    try {
      input = spec.request.safeParse(payload ?? {});
    } catch {
      // A payload that cannot even be read (a getter that throws): it is not valid input.
      return failure('INVALID_INPUT', 'invalid input');
    }
    if (!input.success) {
      return failure(
        'INVALID_INPUT',
        'invalid input',
        safeDetails(input.error).slice(0, MAX_DETAILS),
      );
    }
    try {
      const handler = this.handlers[channel] as (request: unknown) => Promise<unknown> | unknown;
      const value = await handler(input.data);
      const frozen = isFrozenObject(value);
      const checked = frozen ? this.checked.get(channel) : undefined;
      if (frozen && checked?.has(value)) return { ok: true, value: checked.get(value) };
      const output = this.answerSchema(channel).safeParse(value);
      if (!output.success) {
        // Our own bug: say so in the log, not to the renderer.
        this.log('error', 'ipc.bad_output', {
          channel,
          issues: safeDetails(output.error).slice(0, 5),
        });
        return failure(INTERNAL.code, INTERNAL.message);
      }
      if (isFrozenObject(value)) this.keepChecked(channel, value, output.data);
      return { ok: true, value: output.data };
    } catch (error) {
      let refused: IpcError;
      try {
        refused = toIpcError(error);
      } catch {
        refused = { ...INTERNAL };
      }
      if (refused.code === 'INTERNAL') this.log('error', 'ipc.failed', { channel, error });
      else this.log('info', 'ipc.refused', { channel, code: refused.code });
      return failure(refused.code, refused.message, refused.details);
    }
  }
}

function isFrozenObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && Object.isFrozen(value);
}

const MAX_TEXT = 200;
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);

/**
 * Validation details, or none if they cannot be made (never a reason to fail the call). Paths
 * can name keys the caller chose: they are clipped, so a huge key is not sent back whole.
 */
function safeDetails(error: z.ZodError): unknown[] {
  try {
    return toDetails(error).map((d) => ({
      field: clip(d.field),
      code: clip(d.code),
      reason: clip(d.reason),
    }));
  } catch {
    return [];
  }
}
