/**
 * The error envelope, built in one place by every transport (preload, the shell, the browser
 * host, the loopback bridge). It imports types only: the sandboxed preload bundles it and may
 * load nothing at run time but Electron.
 */
import type { IpcResult } from './result';

/** A failed call's result: a code for the renderer to turn into a message, never a stack. */
export function failure(
  code: string,
  message: string,
  details: unknown[] = [],
): Extract<IpcResult, { ok: false }> {
  return { ok: false, error: { code, message, details } };
}
