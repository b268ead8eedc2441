/**
 * The browser host's port kept in its data folder (main/host/kept-port.ts, decision G26): a
 * restart on the same folder listens on the same port, so the page keeps its origin (and the
 * browser its cache); a port taken meanwhile gives way to a free one, kept in its place; a file
 * that holds no port is no port.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../main/api/log';
import { EventHub } from '../../main/host/events';
import { keptPort, startOnKeptPort } from '../../main/host/kept-port';
import { startBrowserHost, type RunningBrowserHost } from '../../main/host/server';
import { removeDir, tempDir } from '../local/support';

const dirs: string[] = [];
const hosts: RunningBrowserHost[] = [];
const servers: net.Server[] = [];
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.close();
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
  for (const d of dirs.splice(0)) removeDir(d);
});

function folder(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
}

const logger = createLogger(() => {}, 'warn');
const listen = (port: number) =>
  startBrowserHost({
    router: { handle: async () => ({ ok: true, value: null }) } as never,
    events: new EventHub(logger),
    staticRoot: folder(),
    logger,
    port,
    token: randomBytes(8).toString('hex'),
  }).then((host) => (hosts.push(host), host));

describe('the browser host’s kept port', () => {
  it('listens again on the port its folder kept, and keeps it (0600)', async () => {
    const dir = folder();
    expect(keptPort(dir)).toBe(0);
    const first = await startOnKeptPort(dir, listen);
    expect(keptPort(dir)).toBe(first.port);
    expect(statSync(path.join(dir, 'host-port')).mode & 0o777).toBe(0o600);
    await hosts.pop()!.close();
    const again = await startOnKeptPort(dir, listen);
    expect(again.port).toBe(first.port);
  });

  it('takes a free port when the kept one is in use, and keeps that one', async () => {
    const dir = folder();
    const squatter = net.createServer();
    servers.push(squatter);
    await new Promise<void>((r) => squatter.listen(0, '127.0.0.1', r));
    const taken = (squatter.address() as net.AddressInfo).port;
    writeFileSync(path.join(dir, 'host-port'), `${taken}\n`);
    const host = await startOnKeptPort(dir, listen);
    expect(host.port).not.toBe(taken);
    expect(readFileSync(path.join(dir, 'host-port'), 'utf8')).toBe(`${host.port}\n`);
  });

  it('reads a file that holds no port as none', () => {
    const dir = folder();
    for (const text of ['', 'abc', '-1', '70000', '8080x', '0']) {
      writeFileSync(path.join(dir, 'host-port'), text);
      expect(keptPort(dir)).toBe(0);
    }
    writeFileSync(path.join(dir, 'host-port'), '8080\n');
    expect(keptPort(dir)).toBe(8080);
  });

  it('passes on a failure that is not a port in use', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'host-port'), '8080');
    const broken = Object.assign(new Error('denied'), { code: 'EACCES' });
    await expect(startOnKeptPort(dir, () => Promise.reject(broken))).rejects.toBe(broken);
  });
});
