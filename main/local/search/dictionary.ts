/**
 * Where kuromoji's IPADIC dictionary is (kuromoji itself is loaded by the reading worker only). The dictionary ships as files of the
 * kuromoji package (about 17 MB, gzipped); in the packaged app they are unpacked from app.asar
 * (electron-builder.yml, asarUnpack) so that the reading worker reads them as plain files.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

/** A path inside app.asar, as its unpacked twin (files electron-builder unpacks live there). */
export function unpacked(file: string): string {
  return file.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
}

/** The dictionary's folder, resolved from the kuromoji package wherever it is installed. */
export function dictionaryPath(): string {
  const require = createRequire(import.meta.url);
  return unpacked(path.join(path.dirname(require.resolve('kuromoji/package.json')), 'dict'));
}
