/**
 * One counter's road to the service: an HTTP relay on 127.0.0.1 in front of the sandbox that
 * logs every request it passes (so each counter's traffic is counted apart, though all counters
 * use the same key) and can be taken down (connections refused, open ones cut) and brought back
 * on the same port — the shop's internet going and returning, as that counter sees it.
 */
import { createServer, request as forward, Agent, type Server } from 'node:http';
import type { Socket } from 'node:net';

export interface RelayedRequest {
  at: number;
  method: string;
  path: string;
  /** 0: no answer came back (the relay went down, the service cut it). */
  status: number;
}

export class ServiceRelay {
  readonly log: RelayedRequest[] = [];
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly agent = new Agent({ keepAlive: true });
  private port = 0;

  constructor(private readonly target: string) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get isUp(): boolean {
    return this.server !== null;
  }

  /** Requests passed since `since` (epoch ms), optionally only those `which` accepts. */
  count(since = 0, which: (r: RelayedRequest) => boolean = () => true): number {
    return this.log.filter((r) => r.at >= since && which(r)).length;
  }

  async up(): Promise<string> {
    if (this.server) return this.url;
    const { hostname, port } = new URL(this.target);
    const server = createServer((inbound, outbound) => {
      const entry: RelayedRequest = {
        at: Date.now(),
        method: inbound.method ?? '',
        path: inbound.url ?? '',
        status: 0,
      };
      this.log.push(entry);
      const upstream = forward(
        {
          host: hostname,
          port: Number(port),
          method: inbound.method,
          path: inbound.url,
          headers: inbound.headers,
          agent: this.agent,
        },
        (answer) => {
          entry.status = answer.statusCode ?? 0;
          outbound.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outbound);
        },
      );
      upstream.on('error', () => outbound.destroy());
      inbound.pipe(upstream);
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
    return this.url;
  }

  async down(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async close(): Promise<void> {
    await this.down();
    this.agent.destroy();
  }
}
