/**
 * The counter's settings: its mode, the service, the key as last checked (never the key itself:
 * that is the secret store's), the store and the language. One small file beside the cache.
 */
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '../api/index';
import { Files, confOpener, type OpenFile } from '../local/index';

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

  /** Save the current settings with these changed. */
  update(changes: Partial<Settings>): void {
    this.save({ ...this.value, ...changes });
  }
}
