/**
 * A loopback TCP proxy standing in for the shop's LAN in tests: counters dial the proxy, which
 * forwards to a target. Tests cut the LAN (every connection destroyed, new ones refused) and heal
 * it, read the bytes that crossed (to check what an onlooker sees, or to replay them), and change
 * bytes in flight (tampering).
 */
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

export type Direction = 'toTarget' | 'toClient';

/** Changes a chunk in flight; `index` counts the chunks of that connection in that direction. */
export type Tamper = (chunk: Buffer, direction: Direction, index: number) => Buffer;

export class LanProxy {
  /** Every byte that crossed, per direction, in order (all connections). */
  readonly capture: Record<Direction, Buffer[]> = { toTarget: [], toClient: [] };
  /** Connections accepted so far. */
  accepted = 0;
  private readonly sockets = new Set<Socket>();
  private server: Server | null = null;
  private isCut = false;
  private tamperWith: Tamper | null = null;

  constructor(
    private readonly targetPort: number,
    private readonly targetHost = '127.0.0.1',
  ) {}

  /** Listen on 127.0.0.1; resolves with the proxy's port. */
  async start(port = 0): Promise<number> {
    const server = createServer((client) => this.accept(client));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  get port(): number {
    return (this.server!.address() as AddressInfo).port;
  }

  /** The LAN goes down: every connection is destroyed and new ones are refused. */
  cut(): void {
    this.isCut = true;
    for (const s of this.sockets) s.destroy();
  }

  heal(): void {
    this.isCut = false;
  }

  /** Change bytes in flight from now on (null: stop). */
  tamper(fn: Tamper | null): void {
    this.tamperWith = fn;
  }

  bytes(direction: Direction): Buffer {
    return Buffer.concat(this.capture[direction]);
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    const server = this.server;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    if (this.isCut) return void client.destroy();
    this.accepted++;
    const target = connect(this.targetPort, this.targetHost);
    for (const s of [client, target]) {
      this.sockets.add(s);
      s.on('close', () => {
        this.sockets.delete(s);
        client.destroy();
        target.destroy();
      });
      s.on('error', () => undefined); // the 'close' that follows ends both
    }
    this.pipe(client, target, 'toTarget');
    this.pipe(target, client, 'toClient');
  }

  private pipe(from: Socket, to: Socket, direction: Direction): void {
    let index = 0;
    from.on('data', (chunk: Buffer) => {
      const out = this.tamperWith ? this.tamperWith(chunk, direction, index) : chunk;
      index++;
      this.capture[direction].push(Buffer.from(out));
      if (!to.destroyed) to.write(out);
    });
  }
}
