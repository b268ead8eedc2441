/**
 * The sandbox in a child process, so that the client's CPU time and memory are measured alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { RequestLogEntry } from '../../sandbox/index';
import { programCommand } from './built';

export interface SandboxProcess {
  baseUrl: string;
  controlUrl: string;
  keys: { token: string; role: string }[];
  key(role: string): string;
  /** The sandbox's own request log. */
  requests(): Promise<RequestLogEntry[]>;
  stop(): Promise<void>;
}

export async function startSandboxProcess(args: string[]): Promise<SandboxProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [...programCommand('sandbox'), '--port', '0', '--control-port', '0', ...args],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once('line', (l) => {
      rl.close();
      resolve(l);
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  const info = JSON.parse(line) as Omit<SandboxProcess, 'key' | 'requests' | 'stop'>;
  return {
    ...info,
    key(role) {
      const k = info.keys.find((x) => x.role === role);
      if (!k) throw new Error(`no key ${role}`);
      return k.token;
    },
    async requests() {
      const r = await fetch(`${info.controlUrl}/requests`);
      return ((await r.json()) as { data: RequestLogEntry[] }).data;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Write a generated scenario (`npm run sandbox -- --generate`) in a child process, so that the
 * memory it takes is not counted against whoever measures afterwards.
 */
export async function generateScenarioFile(
  out: string,
  reservations: number,
  store?: string,
): Promise<void> {
  const args = [...programCommand('sandbox'), '--generate', String(reservations), '--out', out];
  if (store) args.push('--store', store);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`generating the scenario failed (exit ${code})`);
}
