/**
 * `npm start` where Electron's runtime is missing (as here): one line saying so, then the
 * browser host, serving the renderer and the bridge at the address it prints. Runs the real
 * script in a child process (without building: a fixture stands in for dist/renderer).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
let child: ChildProcess | null = null;
let dir: string;

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function lines(stream: NodeJS.ReadableStream, want: number, timeoutMs: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(
      () => reject(new Error(`no address within ${timeoutMs} ms: ${text}`)),
      timeoutMs,
    );
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      text += chunk;
      const got = text.split('\n').filter(Boolean);
      if (got.length >= want && text.endsWith('\n')) {
        clearTimeout(timer);
        resolve(got);
      }
    });
  });
}

describe('npm start without Electron', () => {
  it('says so in one line, serves the browser host and prints its address', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'fd-start-'));
    mkdirSync(path.join(dir, 'renderer'));
    writeFileSync(
      path.join(dir, 'renderer', 'index.html'),
      '<!doctype html><title>Front Desk</title>',
    );
    child = spawn(
      process.execPath,
      [
        'scripts/start.mjs',
        '--no-build',
        '--static-root',
        path.join(dir, 'renderer'),
        '--port',
        '0',
      ],
      {
        cwd: repo,
        // No display: the address is printed with a line saying to open it (nothing opened).
        env: { ...process.env, FRONT_DESK_ELECTRON: '', DISPLAY: '', WAYLAND_DISPLAY: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr!.on('data', (c) => (stderr += c));
    const [notice, address, open, ...rest] = await lines(child.stdout!, 3, 45_000).catch(
      (error) => {
        throw new Error(`${(error as Error).message}\nstderr: ${stderr}`);
      },
    );
    expect(notice).toBe(
      'Electron is not installed here (node_modules/electron has no binary): serving the browser host instead.',
    );
    expect(rest).toEqual([]);
    const match =
      /^Front Desk \(browser host, training mode\): (http:\/\/127\.0\.0\.1:(\d+))\/#token=([\w-]{43})$/.exec(
        address!,
      );
    expect(match, address).not.toBeNull();
    const [, origin, port, token] = match!;
    expect(open).toBe(`Open ${address!.split(': ')[1]} in a browser on this machine.`);

    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Front Desk</title>');
    const status = await fetch(`${origin}/ipc/setup.status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-front-desk-token': token! },
      body: '{}',
    });
    expect(await status.json()).toMatchObject({ ok: true, value: { mode: 'training' } });

    const exited = new Promise<number | null>((resolve) =>
      child!.on('exit', (code) => resolve(code)),
    );
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port: Number(port) });
      socket.on('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.on('error', () => resolve(true));
    });
    expect(refused).toBe(true);
  }, 60_000);
});
