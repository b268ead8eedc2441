/** A manifest asked for: its view from the kept day, drawn as the page or the CSV. */
import type { ManifestRequest, PrintAnswer } from '../../ipc/contract';
import type { DeskPorts } from '../ports';
import { manifestCsv, type ManifestCsv } from './csv';
import { manifestPageHtml } from './page';
import { manifestThermal } from './thermal';
import { manifestView, type ManifestPorts } from './view';

export interface ManifestPage {
  html: string;
}

export function manifestPageFor(ctx: ManifestPorts, request: ManifestRequest): ManifestPage {
  return { html: manifestPageHtml(manifestView(ctx, request), request.locale) };
}

export function manifestCsvFor(ctx: ManifestPorts, request: ManifestRequest): ManifestCsv {
  return manifestCsv(manifestView(ctx, request), request.locale);
}

/** The manifest on the receipt printer, when set-up routes it there (null: the OS's printer). */
export function manifestPrintDirect(
  ctx: ManifestPorts & Pick<DeskPorts, 'printers'>,
  request: ManifestRequest,
): Promise<PrintAnswer | null> {
  return ctx.printers.printReport('manifest', () =>
    manifestThermal(manifestView(ctx, request), request.locale),
  );
}
