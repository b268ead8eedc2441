/**
 * The installed app's settings (updates, counter mode, log level) and the window's last place, in
 * small files beside the counter's settings. Read tolerantly: a file written by an older version,
 * or a damaged part, falls back to the defaults for that part only. The shell reads them before
 * the desk starts (the window opens where it was, at the chosen log level).
 */
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '../api/log';
import { CounterMode, LogLevel, UpdatePrefs, type InstalledSettings } from '../ipc/contract';
import { Files, confOpener, type OpenFile } from '../local/index';

export const INSTALLED_DEFAULTS: InstalledSettings = {
  updates: { channel: 'stable', installWhen: 'quit', quietTime: '03:00' },
  counter: {
    startAtLogin: false,
    display: 'window',
    keepAwake: false,
    openingHours: { opens: '08:00', closes: '20:00' },
    rememberWindow: true,
  },
  logLevel: 'info',
};

const Stored = z.object({
  updates: UpdatePrefs.catch(INSTALLED_DEFAULTS.updates),
  counter: CounterMode.catch(INSTALLED_DEFAULTS.counter),
  logLevel: LogLevel.catch(INSTALLED_DEFAULTS.logLevel),
});

/** The window's last place and state. */
export const WindowPlace = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(1).max(100_000),
  height: z.number().int().min(1).max(100_000),
  maximized: z.boolean().default(false),
});
export type WindowPlace = z.infer<typeof WindowPlace>;

export class InstalledSettingsFile {
  private readonly files: Files;
  private value: InstalledSettings;

  constructor(dataDir: string, logger: Logger, openFile?: (root: string) => OpenFile) {
    const root = path.join(dataDir, 'settings');
    this.files = new Files(root, openFile?.(root) ?? confOpener(root), logger);
    this.value = this.files.read('', 'installed', Stored) ?? INSTALLED_DEFAULTS;
  }

  get current(): InstalledSettings {
    return this.value;
  }

  update(changes: Partial<InstalledSettings>): InstalledSettings {
    this.value = { ...this.value, ...changes };
    this.files.write('', 'installed', this.value);
    return this.value;
  }

  windowPlace(): WindowPlace | null {
    return this.files.read('', 'window', WindowPlace);
  }

  saveWindowPlace(place: WindowPlace): void {
    this.files.write('', 'window', place);
  }
}
