/** What the renderer needs from its host beyond the bridge: a clock, downloads, printing. */
export interface Platform {
  now(): number;
  /** The user's preferred languages (navigator.languages). */
  languages(): readonly string[];
  /** Save a file the user asked for (a manifest's CSV). */
  download(filename: string, blob: Blob): void;
  /** The browser's print, when the main process has no printer for us (browser host). */
  print(): void;
}

export const browserPlatform: Platform = {
  now: () => Date.now(),
  languages: () =>
    navigator.languages?.length ? navigator.languages : [navigator.language ?? 'ja'],
  download(filename, blob) {
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = filename;
    a.rel = 'noopener';
    document.body.append(a);
    a.click();
    a.remove();
    // Revoked after the click has been handled, so the download has started.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  },
  print: () => window.print(),
};

const BOM = '\uFEFF';

/** A CSV as the Blob to save: UTF-8 with its BOM whatever was sent, so Excel reads Japanese (Y10). */
export function csvBlob(csv: string): Blob {
  return new Blob([csv.startsWith(BOM) ? csv : BOM + csv], { type: 'text/csv;charset=utf-8' });
}
