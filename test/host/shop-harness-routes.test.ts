/**
 * The shop harness's two switches, alone: a LAN route between counters (cut: refused; healed: on
 * the same port) and a counter's road to the service (counted per request; down and back).
 */
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { connect, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceRelay } from '../support/service-relay';
import { lanProxyRoute, relayRoute } from '../support/shop-harness';

let echo: Server;
let echoPort: number;
let service: HttpServer;
const listening = (s: Server | HttpServer) =>
  new Promise<number>((resolve) =>
    s.listen(0, '127.0.0.1', () => resolve((s.address() as { port: number }).port)),
  );

beforeAll(async () => {
  echo = createServer((socket) => socket.pipe(socket));
  echoPort = await listening(echo);
  service = createHttpServer((req, res) => res.end(`${req.method} ${req.url}`));
});
afterAll(async () => {
  await new Promise((r) => echo.close(r));
  await new Promise((r) => service.close(r));
});

/** Send a line over TCP to a port: its echo, the error's code, or 'closed' (cut unanswered). */
function roundTrip(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write('ping'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(String(d));
    });
    socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
    socket.once('close', () => resolve('closed'));
  });
}

describe('a LAN route between two counters', () => {
  it.each([
    ['a TCP relay', relayRoute],
    ['a LAN proxy', lanProxyRoute],
  ])('%s passes bytes; cut, refuses; healed, passes again on the same port', async (_, make) => {
    const route = await make(echoPort);
    expect(await roundTrip(route.port)).toBe('ping');
    await route.cut();
    expect(['ECONNREFUSED', 'ECONNRESET', 'closed']).toContain(await roundTrip(route.port));
    await route.heal();
    expect(await roundTrip(route.port)).toBe('ping');
    await route.close();
  });
});

describe("a counter's road to the service", () => {
  it('counts each request it passes; down, refuses; back on the same port', async () => {
    const relay = new ServiceRelay(`http://127.0.0.1:${await listening(service)}`);
    const url = await relay.up();
    const started = Date.now();
    expect(await (await fetch(`${url}/v1/ping`)).text()).toBe('GET /v1/ping');
    await fetch(`${url}/v1/stores/x/reservations?since=1`);
    expect(relay.count(started)).toBe(2);
    expect(relay.log.map((r) => [r.method, r.path, r.status])).toEqual([
      ['GET', '/v1/ping', 200],
      ['GET', '/v1/stores/x/reservations?since=1', 200],
    ]);
    await relay.down();
    await expect(fetch(`${url}/v1/ping`)).rejects.toThrow();
    expect(await relay.up()).toBe(url);
    expect((await fetch(`${url}/v1/ping`)).status).toBe(200);
    expect(relay.count(started, (r) => r.path === '/v1/ping')).toBe(2);
    await relay.close();
  });
});
