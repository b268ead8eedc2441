/**
 * Printing: a page's HTML (the manifest, a receipt) in a hidden window that runs no script, then
 * the system's print dialog — or, for receipts, silently to the printer chosen in set-up. A
 * receipt's PDF is not Chromium's: the desk draws it (main/desk/receipt/receipt-pdf.ts). The page
 * is a data: URL, so names never touch the disk.
 */
import { BrowserWindow } from 'electron';
import { WEB_PREFERENCES } from './window';

export interface PrintResult {
  ok: boolean;
  reason: string | null;
}

export interface PrintOptions {
  /** Print without the dialog (receipts at a busy counter). */
  silent?: boolean;
  /** The OS printer's name; the system's default when null or left out. */
  deviceName?: string | null;
}

async function withPage<T>(html: string, use: (window: BrowserWindow) => Promise<T>): Promise<T> {
  const window = new BrowserWindow({
    show: false,
    webPreferences: { ...WEB_PREFERENCES, javascript: false, devTools: false },
  });
  try {
    await window.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`);
    return await use(window);
  } finally {
    window.destroy();
  }
}

export function printHtml(html: string, options: PrintOptions = {}): Promise<PrintResult> {
  return withPage(
    html,
    (window) =>
      new Promise<PrintResult>((resolve) => {
        window.webContents.print(
          {
            silent: options.silent ?? false,
            printBackground: false,
            ...(options.deviceName && { deviceName: options.deviceName }),
          },
          (success, reason) =>
            resolve({ ok: success, reason: success ? null : reason || 'failed' }),
        );
      }),
  );
}
