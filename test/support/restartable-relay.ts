/**
 * A relay on 127.0.0.1 in front of a target that can be taken down (every connection cut, new
 * ones refused) and brought back on the same port: the line to the service going and returning.
 * Subclasses make the server (a byte relay, an HTTP relay that logs what it passes) and `track`
 * any socket of their own (the outbound half of a byte relay) so that `down` cuts it too.
 */
import type { Server, Socket } from 'node:net';

export abstract class RestartableRelay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private port = 0;

  constructor(protected readonly target: string) {}

  /** The server that relays; called by each `up`. */
  protected abstract makeServer(host: string, port: number): Server;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get isUp(): boolean {
    return this.server !== null;
  }

  protected track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
  }

  async up(): Promise<string> {
    if (this.server) return this.url;
    const { hostname, port } = new URL(this.target);
    const server = this.makeServer(hostname, Number(port));
    server.on('connection', (socket: Socket) => this.track(socket));
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
}
