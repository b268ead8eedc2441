/**
 * The head office as a child process (office/cli.ts as the Vitest run built it, else through
 * tsx: test/support/built.ts), for kill tests and the bench: started on a data dir and database, its address read from its first lines; stopped by
 * pid (SIGTERM), or killed (SIGKILL) mid-work. And a small HTTPS client that pins its CA.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import https from 'node:https';
import path from 'node:path';
import { programCommand } from './built';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface OfficeProcess {
  readonly url: string;
  readonly pid: number;
  kill9(): Promise<void>;
  /** SIGTERM, and its exit code (0: it stopped cleanly). */
  stop(): Promise<number | null>;
  /** Everything it printed so far. */
  output(): string;
}

export async function startOfficeProcess(options: {
  dataDir: string;
  databaseUrl?: string;
  port?: number;
  /** More arguments (`--setup-owner`, `--host`…) and environment. */
  args?: string[];
  env?: NodeJS.ProcessEnv;
}): Promise<OfficeProcess> {
  const args = [
    ...programCommand('office'),
    '--data-dir',
    options.dataDir,
    '--port',
    String(options.port ?? 0),
    '--listen',
    '127.0.0.1',
    '--quiet',
    // A test worker killed mid-test cannot stop it: its pipe closing does.
    '--stop-with-stdin',
  ];
  if (options.databaseUrl) args.push('--database-url', options.databaseUrl);
  args.push(...(options.args ?? []));
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const kill = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  process.once('exit', () => child.kill('SIGKILL'));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /office listening on (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) =>
      reject(new Error(`the office exited (${code}) before listening:\n${output}`)),
    );
  });
  return {
    url,
    pid: child.pid!,
    kill9: () => kill('SIGKILL').then(() => undefined),
    stop: () => kill('SIGTERM'),
    output: () => output,
  };
}

export interface HttpAnswer {
  status: number;
  body: any;
}

/**
 * One JSON request over HTTPS trusting only `ca`. `onSent` runs once the body has left (the
 * office is reading or working on it): where a kill test strikes.
 */
export function request(
  url: string,
  options: {
    ca: string;
    method?: string;
    token?: string;
    body?: unknown;
    onSent?: () => void;
    /** Connections kept alive and shared (a bench's many requests); none by default. */
    agent?: https.Agent;
  },
): Promise<HttpAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: options.method ?? (payload ? 'POST' : 'GET'),
        ca: options.ca,
        agent: options.agent ?? false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.onSent) req.once('finish', options.onSent);
    req.end(payload);
  });
}

/**
 * An enrolled counter, made over HTTPS as an owner would (log-in, a store, a code, the enrolment):
 * for a bench or test that runs the office as a process (its owner made with --setup-owner).
 */
export async function enrolOverHttps(options: {
  url: string;
  ca: string;
  email: string;
  password: string;
  counterId: string;
  /** An existing store; else a new one is made. */
  storeId?: string;
}): Promise<{ credential: string; deviceId: string; orgId: string; storeId: string }> {
  const { url, ca } = options;
  const must = (answer: HttpAnswer, what: string) => {
    if (answer.status >= 300)
      throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const session = must(
    await request(`${url}/v1/login`, {
      ca,
      body: { email: options.email, password: options.password },
    }),
    'log-in',
  );
  const token = session.token as string;
  const storeId =
    options.storeId ??
    (must(await request(`${url}/v1/stores`, { ca, token, body: { name: 'Bench store' } }), 'store')
      .id as string);
  const { code } = must(
    await request(`${url}/v1/stores/${storeId}/enrolment-codes`, { ca, token, body: {} }),
    'enrolment code',
  );
  const enrolled = must(
    await request(`${url}/v1/enrol`, {
      ca,
      body: {
        secret: (code as string).split('-')[1],
        counterName: options.counterId,
        counterId: options.counterId,
        reservationStore: null,
      },
    }),
    'enrolment',
  );
  return {
    credential: enrolled.credential,
    deviceId: enrolled.deviceId,
    orgId: session.organisation.id,
    storeId,
  };
}
