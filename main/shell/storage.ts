/**
 * The platform's storage: safeStorage for secrets, electron-store for the cache and settings.
 */
import { safeStorage } from 'electron';
import ElectronStore from 'electron-store';
import path from 'node:path';
import type { SafeStorageLike } from '../host/secrets';
import { FILE_MODE, serialize, type OpenFile, type StoreFile } from '../local/index';

export function electronSafeStorage(platform: NodeJS.Platform = process.platform): SafeStorageLike {
  return {
    isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
    encryptString: (text) => safeStorage.encryptString(text),
    decryptString: (data) => safeStorage.decryptString(data),
    // Only Linux can fall back to plain text; elsewhere the OS store is always used.
    backend: () => (platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'os'),
  };
}

/** electron-store files under `root`, with the same options the tests use with conf. */
export function electronStoreOpener(root: string): OpenFile {
  return (dir, name) =>
    new ElectronStore<Record<string, unknown>>({
      cwd: path.join(root, dir),
      name,
      serialize,
      clearInvalidConfig: false,
      accessPropertiesByDotNotation: false,
      configFileMode: FILE_MODE,
    }) as unknown as StoreFile;
}
