/**
 * The support bundle: one JSON file staff can send — the app's and the OS's versions, the
 * settings without secrets, the update's status, the outbox and journal counted (never their
 * content), how many crash dumps wait locally (never the dumps: they hold memory), and the log
 * files' lines. The lines were redacted when written; they are redacted again here, and any line
 * that is not one of ours (not JSON) is left out rather than trusted.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import { redact } from '../api/log';
import type { InstalledSettings, UpdateStatus } from '../ipc/contract';
import type { SupportFacts } from './port';

/** At most this much of the logs goes in (the newest lines win). */
export const MAX_LOG_BYTES = 4 * 1_048_576;

export interface BundleInput {
  now: number;
  app: { name: string; version: string; versions: Record<string, string | undefined> };
  installed: InstalledSettings;
  updates: UpdateStatus;
  facts: SupportFacts;
  /** The log files, oldest first. */
  logFiles: string[];
  /** Crash dumps waiting in the dumps folder; null: not collected here. */
  crashDumps: number | null;
  maxLogBytes?: number;
}

function logLines(files: string[], budget: number): { file: string; lines: unknown[] }[] {
  const out: { file: string; lines: unknown[] }[] = [];
  let left = budget;
  // Newest first, so the budget keeps the latest lines; shown oldest first.
  for (const file of [...files].reverse()) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const lines: unknown[] = [];
    for (const line of text.split('\n').reverse()) {
      if (!line.trim() || left <= 0) continue;
      try {
        lines.push(redact(JSON.parse(line)));
        left -= line.length;
      } catch {
        // Not a line we wrote (a torn write at a crash): not trusted, left out.
      }
    }
    out.unshift({ file: path.basename(file), lines: lines.reverse() });
  }
  return out;
}

export function buildSupportBundle(input: BundleInput): { fileName: string; content: string } {
  const at = DateTime.fromMillis(input.now, { zone: input.facts.timeZone ?? 'system' });
  const bundle = {
    kind: 'front-desk-support-bundle',
    v: 1,
    createdAt: at.toISO(),
    app: input.app,
    os: {
      platform: process.platform,
      arch: process.arch,
      release: os.release(),
      type: os.type(),
      memoryMB: Math.round(os.totalmem() / 1_048_576),
      locale: Intl.DateTimeFormat().resolvedOptions().locale,
    },
    settings: { counter: input.facts.settings, installed: input.installed },
    updates: input.updates,
    counts: {
      outbox: input.facts.outbox,
      journal: input.facts.journal,
      damageNotices: input.facts.damageNotices,
      crashDumps: input.crashDumps,
    },
    logs: logLines(input.logFiles, input.maxLogBytes ?? MAX_LOG_BYTES),
  };
  return {
    fileName: `front-desk-support-${at.toFormat('yyyyLLdd-HHmm')}.json`,
    content: `${JSON.stringify(bundle, null, 1)}\n`,
  };
}
