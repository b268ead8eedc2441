/**
 * Where the desk holds the shop: opened for a live session with sharing on, closed when sharing
 * goes off, the session ends or the mode changes; told of a new name or peers at once. Without a
 * port it says why the counter works alone. The view is checked here, counter by counter: one
 * the IPC contract would refuse is left out (and logged), never failing the whole status.
 */
import type { Logger } from '../../api/index';
import { ShopCounter, ShopView, type ShopStatus } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import type { Counter } from '../../local/index';
import type { Settings } from '../settings';
import type { ShopConfig, ShopOpener, ShopPort } from './port';
import type { Session } from '../session';

/** The name the counter goes by: the one staff chose, or its host name (40 characters at most). */
export function counterNameOf(settings: Settings, counter: Counter): string {
  return settings.shop.counterName ?? (counter.host.trim().slice(0, 40) || counter.id.slice(0, 8));
}

export function shopConfigOf(settings: Settings, counter: Counter): ShopConfig {
  return {
    counterId: counter.id,
    name: counterNameOf(settings, counter),
    peers: [...settings.shop.peers],
    port: settings.shop.port,
  };
}

export class ShopSlot {
  private port: ShopPort | null = null;
  private session: Session | null = null;
  private stopListening: (() => void) | null = null;
  private failed = false;
  /** What the port was last told, so that an unchanged save tells it nothing. */
  private told = '';

  constructor(
    private readonly options: {
      counter: Counter;
      logger: Logger;
      open?: ShopOpener;
      /** A counter came, went or changed. */
      onChange: () => void;
    },
  ) {}

  get counter(): Counter {
    return this.options.counter;
  }

  /** A session opened (or the settings changed): open, reconfigure or close the shop to match. */
  follow(session: Session | null, settings: Settings): void {
    const wanted = session !== null && settings.mode === 'live' && settings.shop.sharing;
    if (!wanted || session !== this.session) this.close();
    if (!wanted) return;
    const config = shopConfigOf(settings, this.options.counter);
    const told = JSON.stringify(config);
    if (this.port) {
      if (told !== this.told) this.port.reconfigure(config);
      this.told = told;
      return;
    }
    this.session = session;
    this.failed = false;
    const { open, logger } = this.options;
    if (!open) return;
    try {
      this.port = open({ session, counter: this.options.counter, config, logger });
      this.told = told;
      this.stopListening = this.port.onChange(this.options.onChange);
    } catch (error) {
      // The counter works alone, as before the shop: staff see "unavailable", never a failure.
      this.failed = true;
      logger.warn('shop.open_failed', { error });
    }
  }

  /** A join code of this shop (H13); refused when this counter does not share now. */
  async showJoinCode(): Promise<{ code: string; expiresAt: number }> {
    const port = this.failed ? null : this.port;
    if (!port?.showJoinCode || !port.view())
      throw new DeskError('JOIN_NOT_SHARING', 'this counter does not share with a shop now');
    try {
      return await port.showJoinCode();
    } catch (error) {
      const reason = (error as Error).message;
      if (reason === 'no_address')
        throw new DeskError('JOIN_NO_ADDRESS', 'this PC has no IPv4 address on the LAN');
      if (reason === 'not_listening')
        throw new DeskError('JOIN_NOT_SHARING', 'the shop is not listening yet');
      throw error;
    }
  }

  close(): void {
    const port = this.port;
    this.stopListening?.();
    this.stopListening = null;
    this.port = null;
    this.session = null;
    if (!port) return;
    void Promise.resolve()
      .then(() => port.close())
      .catch((error: unknown) => this.options.logger.warn('shop.close_failed', { error }));
  }

  /** The shop for the status bar, or why this counter works alone. */
  status(settings: Settings, hasSession: boolean): ShopStatus {
    if (settings.mode === 'not_set_up' || !hasSession)
      return { sharing: false, reason: 'not_set_up' };
    if (settings.mode === 'training') return { sharing: false, reason: 'training' };
    if (!settings.shop.sharing) return { sharing: false, reason: 'off' };
    const view = this.view();
    return view ?? { sharing: false, reason: 'unavailable' };
  }

  private view(): ShopView | null {
    if (!this.port || this.failed) return null;
    let raw: ReturnType<ShopPort['view']>;
    try {
      raw = this.port.view();
    } catch (error) {
      this.options.logger.warn('shop.view_failed', { error });
      return null;
    }
    if (!raw) return null;
    const self = ShopView.shape.self.safeParse(raw.self);
    if (!self.success) return null;
    const counters: ShopCounter[] = [];
    let left = 0;
    for (const c of raw.counters) {
      const checked = ShopCounter.safeParse(c);
      if (checked.success && checked.data.counterId !== self.data.counterId)
        counters.push(checked.data);
      else if (!checked.success) left++;
    }
    if (left) this.options.logger.warn('shop.counters_left_out', { count: left });
    // Where the data comes from: one the contract refuses is not said (logged), never failing all.
    const following = ShopView.shape.following.safeParse(raw.following ?? null);
    if (!following.success) this.options.logger.warn('shop.following_left_out', {});
    return {
      sharing: true,
      self: self.data,
      counters,
      following: following.success ? following.data : null,
    };
  }

  /**
   * The names to show for counters that did something (an outbox entry's `counter`): this one's
   * as set now, another's as the shop last heard it, else the host name it recorded.
   */
  namer(settings: Settings): (counter: Counter) => string {
    const heard = new Map((this.view()?.counters ?? []).map((c) => [c.counterId, c.name]));
    return (counter) =>
      counter.id === this.options.counter.id
        ? counterNameOf(settings, this.options.counter)
        : (heard.get(counter.id) ?? counter.host);
  }
}
