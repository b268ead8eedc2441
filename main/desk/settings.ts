/**
 * The counter's settings: its mode, the service, the key as last checked (never the key itself:
 * that is the secret store's), the store and the language. One small file beside the cache.
 */
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '../api/index';
import { Files, confOpener, type OpenFile } from '../local/index';

/**
 * This counter in the shop (issue 12). Read tolerantly: a file written before the shop has none
 * (the defaults), and a damaged part falls back to them rather than losing the whole settings.
 * The name and the peers are checked when set (`shop/shop-config.ts`).
 */
const ShopPart = z.object({
  /** The name staff chose; null: the host name. */
  counterName: z.string().min(1).max(40).nullable().default(null),
  /** Share with the store's other counters on the LAN. */
  sharing: z.boolean().default(true),
  /** Peer addresses for networks that block discovery ("host", "host:port", "[ipv6]:port"). */
  peers: z.array(z.string().min(1).max(300)).max(16).default([]),
  /** The port the counter listens on; null: the default. */
  port: z.number().int().min(1).max(65_535).nullable().default(null),
});
export type ShopPart = z.infer<typeof ShopPart>;
export const SHOP_DEFAULTS: ShopPart = { counterName: null, sharing: true, peers: [], port: null };

const Settings = z.object({
  v: z.literal(1),
  mode: z.enum(['not_set_up', 'live', 'training']),
  serviceUrl: z.string().nullable(),
  storeId: z.string().nullable(),
  plan: z.enum(['standard', 'facility']).nullable(),
  key: z
    .object({
      organizationId: z.string(),
      name: z.string(),
      scopes: z.array(z.string()),
      storeLimit: z.string().nullable(),
    })
    .nullable(),
  /** The store as last listed (no customer data): the counter can start offline from the cache. */
  store: z.looseObject({ id: z.string(), name: z.string() }).nullable().default(null),
  /** The counter's language; null follows the system. */
  locale: z.enum(['ja', 'en']).nullable().default(null),
  /** How the day view is laid out on this counter (G16): a touch screen keeps its cards. */
  dayLayout: z.enum(['rows', 'cards']).default('rows'),
  shop: ShopPart.default(SHOP_DEFAULTS).catch(SHOP_DEFAULTS),
});
export type Settings = z.infer<typeof Settings>;

export const NOT_SET_UP: Settings = {
  v: 1,
  mode: 'not_set_up',
  serviceUrl: null,
  storeId: null,
  plan: null,
  key: null,
  store: null,
  locale: null,
  dayLayout: 'rows',
  shop: SHOP_DEFAULTS,
};

/** The settings as saved, read once at start; every change is written at once. */
export class SettingsFile {
  private readonly files: Files;
  private value: Settings;

  constructor(dataDir: string, logger: Logger, openFile?: (root: string) => OpenFile) {
    const root = path.join(dataDir, 'settings');
    this.files = new Files(root, openFile?.(root) ?? confOpener(root), logger);
    // Written before modes were set: made the user's alone.
    this.files.tighten();
    this.value = this.files.read('', 'settings', Settings) ?? { ...NOT_SET_UP };
  }

  get current(): Settings {
    return this.value;
  }

  save(next: Settings): void {
    this.value = next;
    this.files.write('', 'settings', next);
  }

  /**
   * A part kept in its own file beside the settings (the money settings, issue 13), so a damaged
   * part loses only itself: `fallback` when it is missing or unreadable.
   */
  part<S extends z.ZodType>(name: string, schema: S, fallback: z.output<S>): z.output<S> {
    return this.files.read('', name, schema) ?? fallback;
  }

  savePart(name: string, value: Record<string, unknown>): void {
    this.files.write('', name, value);
  }

  /** Save the current settings with these changed. */
  update(changes: Partial<Settings>): void {
    this.save({ ...this.value, ...changes });
  }
}
