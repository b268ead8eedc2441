/**
 * A small EventSource for Node 20 (which has none), enough for the loopback bridge: GET the
 * stream, split it into events by the SSE rules used here (`event:` and `data:` lines, blank line
 * ends an event, `:` comments), report `open` and `error`. It does not reconnect by itself.
 */
import http from 'node:http';
import type { EventSourceLike } from '../../renderer/src/bridge/loopback';

type Listener = (event: { data?: unknown }) => void;

export class NodeEventSource implements EventSourceLike {
  readyState = 0;
  private readonly listeners = new Map<string, Set<Listener>>();
  private request: http.ClientRequest;

  constructor(readonly url: string) {
    this.request = http.get(url, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        this.fail();
        return;
      }
      this.readyState = 1;
      this.dispatch('open', {});
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let name = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            if (line.startsWith('event: ')) name = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length) this.dispatch(name, { data: data.join('\n') });
        }
      });
      response.on('end', () => this.fail());
      response.on('error', () => this.fail());
    });
    this.request.on('error', () => this.fail());
  }

  private fail(): void {
    if (this.readyState === 2) return;
    this.readyState = 2;
    this.dispatch('error', {});
  }

  private dispatch(type: string, event: { data?: unknown }): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  addEventListener(type: string, listener: Listener): void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(listener);
  }

  close(): void {
    this.readyState = 2;
    this.request.destroy();
  }
}
