/**
 * Where a store's data lives under the cache root. The root already belongs to one organization
 * and store, yet the store id is in these names too: that is how the files were first written,
 * and a counter's existing files must still be found.
 */

/** A file-system-safe, reversible name for an opaque id: UTF-8 bytes outside [A-Za-z0-9_-] as ~XX. */
export function safeName(id: string): string {
  return encodeURIComponent(id)
    .replace(/[!'()*.~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%/g, '~');
}

/** Directories of one store's files: one file per month, date, number or search shard. */
export type StoreDirKind = 'availability' | 'reservations' | 'numbers' | 'checkins' | 'search';

export const storeDir = (kind: StoreDirKind, storeId: string) => `${kind}/${safeName(storeId)}`;
