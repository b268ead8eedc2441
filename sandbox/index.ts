/**
 * Start the sandbox Reservation Service in-process: the app's training mode, development and
 * every test use this. It listens on loopback only.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApiServer } from './http/api';
import { buildControlServer } from './http/control';
import { Sandbox, type KeyInfo, type SandboxOptions } from './sandbox';

export { Sandbox } from './sandbox';
export type { KeyInfo, SandboxOptions } from './sandbox';
export type { RequestLogEntry } from './request-log';
export { SandboxFileError, type Snapshot } from './sandbox-files';

export interface StartOptions extends SandboxOptions {
  /** API port; 0 (default) picks a free one. */
  port?: number;
  /** Serve the control surface over HTTP too (port 0 picks one); off by default. */
  controlPort?: number;
  controlToken?: string;
  logger?: boolean;
}

export interface RunningSandbox {
  baseUrl: string;
  controlUrl: string | null;
  sandbox: Sandbox;
  keys: KeyInfo[];
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

async function listen(app: FastifyInstance, port: number): Promise<string> {
  await app.listen({ host: HOST, port });
  const address = app.server.address() as AddressInfo;
  return `http://${HOST}:${address.port}`;
}

export async function startSandbox(options: StartOptions = {}): Promise<RunningSandbox> {
  const sandbox = await Sandbox.create(options);
  const api = await buildApiServer(sandbox, { logger: options.logger });
  const baseUrl = await listen(api, options.port ?? 0);
  let control: FastifyInstance | null = null;
  let controlUrl: string | null = null;
  if (options.controlPort !== undefined) {
    control = await buildControlServer(sandbox, options.controlToken);
    controlUrl = await listen(control, options.controlPort);
  }
  return {
    baseUrl,
    controlUrl,
    sandbox,
    keys: sandbox.keys(),
    async close() {
      await Promise.all([api.close(), control?.close()]);
    },
  };
}
