/**
 * Scenarios and snapshots as the sandbox reads them: from an object or a JSON file, told apart by
 * `format`, with errors that say which file and why.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { Timestamp } from '../main/api/schemas';
import { WorldState } from './model';
import { SCENARIO_FORMAT, SNAPSHOT_FORMAT, Scenario } from './scenario/format';

export const Snapshot = z.strictObject({
  format: z.literal(SNAPSHOT_FORMAT),
  now: Timestamp,
  state: WorldState,
});
export type Snapshot = z.infer<typeof Snapshot>;

/** A scenario or snapshot that cannot be read or is not valid; the message says where and why. */
export class SandboxFileError extends Error {
  override name = 'SandboxFileError';
}

/** Read a scenario or snapshot file; every failure names the file. */
async function loadJson(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new SandboxFileError(`cannot read sandbox file ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new SandboxFileError(`sandbox file ${path} is not JSON: ${(error as Error).message}`);
  }
}

export type Source =
  { kind: 'snapshot'; snapshot: Snapshot } | { kind: 'scenario'; scenario: Scenario };

/** A snapshot or a scenario, told apart by `format`, with a readable error for anything else. */
function parseSource(input: unknown, origin: string): Source {
  const format = (input as { format?: unknown } | null)?.format;
  if (format === SNAPSHOT_FORMAT) {
    const parsed = Snapshot.safeParse(input);
    if (parsed.success) return { kind: 'snapshot', snapshot: parsed.data };
    throw new SandboxFileError(`${origin}: invalid snapshot:\n${z.prettifyError(parsed.error)}`);
  }
  if (format === SCENARIO_FORMAT) {
    const parsed = Scenario.safeParse(input);
    if (parsed.success) return { kind: 'scenario', scenario: parsed.data };
    throw new SandboxFileError(`${origin}: invalid scenario:\n${z.prettifyError(parsed.error)}`);
  }
  throw new SandboxFileError(
    `${origin}: not a sandbox file: format must be ${SNAPSHOT_FORMAT} or ${SCENARIO_FORMAT}`,
  );
}

/** A file path (read from disk, errors name the file) or an object (errors name `origin`). */
export async function readSource(input: unknown, origin: string): Promise<Source> {
  return typeof input === 'string'
    ? parseSource(await loadJson(input), input)
    : parseSource(input, origin);
}
