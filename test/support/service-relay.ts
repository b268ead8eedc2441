/**
 * One counter's road to the service: an HTTP relay on 127.0.0.1 in front of the sandbox that
 * logs every request it passes (so each counter's traffic is counted apart, though all counters
 * use the same key) and can be taken down (connections refused, open ones cut) and brought back
 * on the same port — the shop's internet going and returning, as that counter sees it.
 */
import { createServer, request as forward, Agent, type Server } from 'node:http';
import { RestartableRelay } from './restartable-relay';

export interface RelayedRequest {
  at: number;
  method: string;
  path: string;
  /** 0: no answer came back (the relay went down, the service cut it). */
  status: number;
}

export class ServiceRelay extends RestartableRelay {
  readonly log: RelayedRequest[] = [];
  /** Answers pass without a `Date` header (the API spec shows none: a service may send none). */
  dropDate = false;
  private readonly agent = new Agent({ keepAlive: true });

  /** Requests passed since `since` (epoch ms), optionally only those `which` accepts. */
  count(since = 0, which: (r: RelayedRequest) => boolean = () => true): number {
    return this.log.filter((r) => r.at >= since && which(r)).length;
  }

  protected makeServer(host: string, port: number): Server {
    return createServer((inbound, outbound) => {
      const entry: RelayedRequest = {
        at: Date.now(),
        method: inbound.method ?? '',
        path: inbound.url ?? '',
        status: 0,
      };
      this.log.push(entry);
      const upstream = forward(
        {
          host,
          port,
          method: inbound.method,
          path: inbound.url,
          headers: inbound.headers,
          agent: this.agent,
        },
        (answer) => {
          entry.status = answer.statusCode ?? 0;
          if (this.dropDate) {
            delete answer.headers.date;
            outbound.sendDate = false;
          }
          outbound.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outbound);
        },
      );
      upstream.on('error', () => outbound.destroy());
      inbound.pipe(upstream);
    });
  }

  async close(): Promise<void> {
    await this.down();
    this.agent.destroy();
  }
}
