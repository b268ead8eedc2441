/**
 * The last copy of the office's lists a counter keeps (decision AB71): on disk sealed (it names
 * staff), or in memory for training and tests, so a counter started offline still knows which
 * lists the office manages and what it said.
 */
import { z } from 'zod';
import { DeviceLists } from '../../../office/protocol/lists';
import { OfficeListChange } from '../../ipc/contract/office-lists';
import type { Cipher, Files } from '../../local/index';

/** The copy kept on disk: the office's last answer whole, and what it changed. */
export const ListsCopy = z.object({
  v: z.literal(1),
  /** The office's store it is of: a PC enrolled again elsewhere starts from nothing. */
  storeId: z.string(),
  lists: DeviceLists,
  receivedAt: z.number().int(),
  changes: z.array(OfficeListChange).max(500),
  /** Staff dismissed the changes. */
  seen: z.boolean(),
});
export type ListsCopy = z.infer<typeof ListsCopy>;

export interface ListsCopyStore {
  read(): ListsCopy | null;
  write(copy: ListsCopy): void;
}

const DIR = 'office';
const NAME = 'lists';
const BINDING = 'office-lists';
const Sealed = z.object({ v: z.literal(1), id: z.string(), sealed: z.string() });

/** The copy sealed in the store's files (it names staff), bound to what it is. */
export function sealedListsCopy(files: Files, cipher: Cipher): ListsCopyStore {
  return {
    read() {
      const file = files.read(DIR, NAME, Sealed);
      if (!file) return null;
      try {
        const copy = ListsCopy.safeParse(cipher.open(file.sealed, BINDING));
        return copy.success ? copy.data : null;
      } catch {
        // Sealed with another key: the office sends it whole again (asked since 0).
        return null;
      }
    },
    write(copy) {
      files.write(DIR, NAME, { v: 1, id: BINDING, sealed: cipher.seal(copy, BINDING) });
    },
  };
}

export function memoryListsCopy(initial: ListsCopy | null = null): ListsCopyStore {
  let kept = initial;
  return { read: () => kept, write: (copy) => void (kept = copy) };
}
