/** A hand-written fixture's bytes (fixtures/README.md). */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const fixture = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(path.join(import.meta.dirname, 'fixtures', name)));
