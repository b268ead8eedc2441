import type { ErrorCode } from './protocol/wire';

/** A refusal the client is told about: its status and code go out as an ErrorAnswer. */
export class OfficeError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}
