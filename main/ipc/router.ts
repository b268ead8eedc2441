/**
 * The transport-agnostic router: every call from the renderer comes through `handle`, whatever
 * carried it (Electron IPC, the browser host's loopback bridge). It checks the channel and the
 * input against the contract, calls the handler, checks the output, and turns any failure into
 * `{ code, message, details }` — never a stack, never a secret. It never throws.
 */
import type { z } from 'zod';
import {
  ApiError,
  HttpError,
  NetworkError,
  RequestValidationError,
  ResponseError,
} from '../api/errors';
import type { Logger } from '../api/log';
import { toDetails } from '../api/schemas';
import {
  channels,
  type Channel,
  type IpcError,
  type IpcResult,
  type Request,
  type Response,
} from './contract';

export type Handlers = {
  [C in Channel]: (
    request: z.output<(typeof channels)[C]['request']>,
  ) => Promise<Response<C>> | Response<C>;
};

/** An error a handler throws on purpose, with a code the renderer turns into a message. */
export class DeskError extends Error {
  override name = 'DeskError';
  constructor(
    readonly code: string,
    message: string,
    readonly details: unknown[] = [],
  ) {
    super(message);
  }
}

function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(channels, name);
}

/** The part of an error the renderer may see. */
export function toIpcError(error: unknown): IpcError {
  if (error instanceof DeskError)
    return { code: error.code, message: error.message, details: error.details };
  if (error instanceof HttpError)
    return { code: String(error.code), message: error.message, details: error.details };
  if (error instanceof NetworkError)
    return { code: `NETWORK_${error.reason.toUpperCase()}`, message: error.message, details: [] };
  if (error instanceof ResponseError)
    return { code: 'BAD_ANSWER', message: error.message, details: [] };
  if (error instanceof RequestValidationError)
    return { code: 'VALIDATION_ERROR', message: error.message, details: error.details };
  if (error instanceof ApiError) return { code: 'API_ERROR', message: error.message, details: [] };
  return { code: 'INTERNAL', message: 'something went wrong in the app', details: [] };
}

export class Router {
  constructor(
    private readonly handlers: Handlers,
    private readonly logger: Logger,
  ) {}

  async handle(channel: unknown, payload: unknown): Promise<IpcResult> {
    if (!isChannel(channel)) {
      return {
        ok: false,
        error: { code: 'UNKNOWN_CHANNEL', message: 'no such channel', details: [] },
      };
    }
    const spec = channels[channel];
    const input = spec.request.safeParse(payload ?? {});
    if (!input.success) {
      return {
        ok: false,
        error: { code: 'INVALID_INPUT', message: 'invalid input', details: toDetails(input.error) },
      };
    }
    try {
      const handler = this.handlers[channel] as (request: unknown) => Promise<unknown> | unknown;
      const value = await handler(input.data);
      const output = spec.response.safeParse(value);
      if (!output.success) {
        // Our own bug: say so in the log, not to the renderer.
        this.logger.error('ipc.bad_output', {
          channel,
          issues: toDetails(output.error).slice(0, 5),
        });
        return {
          ok: false,
          error: { code: 'INTERNAL', message: 'something went wrong in the app', details: [] },
        };
      }
      return { ok: true, value: output.data };
    } catch (error) {
      const failure = toIpcError(error);
      if (failure.code === 'INTERNAL') this.logger.error('ipc.failed', { channel, error });
      else this.logger.info('ipc.refused', { channel, code: failure.code });
      return { ok: false, error: failure };
    }
  }
}

export type { Request, Response };
