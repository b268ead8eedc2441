/**
 * Training's virtual printer from a test: set up as the receipt printer (the router, as set-up's
 * save does), what it printed read back by the desk, its state switched to practise trouble.
 */
import type { PrinterSettings, Response } from '../../../main/ipc/contract';
import type { TestHost } from './host';

/** What training's virtual printer printed, read back by the desk. */
export async function virtualPrints(
  host: TestHost,
): Promise<Response<'printer.virtual'>['printed']> {
  const result = await host.composed.router.handle('printer.virtual', { state: null });
  if (!result.ok) throw new Error(result.error.message);
  return (result.value as Response<'printer.virtual'>).printed;
}

/** Training's virtual printer switched to `state` (the desk sees it at its next look). */
export async function setVirtual(host: TestHost, state: 'ready' | 'paper_out'): Promise<void> {
  const result = await host.composed.router.handle('printer.virtual', { state });
  if (!result.ok) throw new Error(result.error.message);
}

/** The virtual printer as the receipt printer (80 mm, ESC/POS), receipts and the close on it. */
export async function useVirtualPrinter(host: TestHost): Promise<void> {
  const settings: PrinterSettings = {
    receiptPrinter: {
      connection: { kind: 'virtual' },
      language: 'escpos',
      paper: '80mm',
      drawer: true,
      kanji: 'builtin',
    },
    routes: { receipt: 'receipt_printer', close: 'receipt_printer', manifest: 'os_printer' },
  };
  const result = await host.composed.router.handle('printer.configure', settings);
  if (!result.ok) throw new Error(result.error.message);
}
