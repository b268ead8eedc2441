/**
 * Printing: the manifest's HTML in a hidden window that runs no script, then the system's print
 * dialog. The page is a data: URL, so the customer list never touches the disk.
 */
import { BrowserWindow } from 'electron';
import { WEB_PREFERENCES } from './window';

export interface PrintResult {
  ok: boolean;
  reason: string | null;
}

export async function printHtml(html: string): Promise<PrintResult> {
  const window = new BrowserWindow({
    show: false,
    webPreferences: { ...WEB_PREFERENCES, javascript: false, devTools: false },
  });
  try {
    await window.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`);
    return await new Promise<PrintResult>((resolve) => {
      window.webContents.print({ silent: false, printBackground: false }, (success, reason) =>
        resolve({ ok: success, reason: success ? null : reason || 'failed' }),
      );
    });
  } finally {
    window.destroy();
  }
}
