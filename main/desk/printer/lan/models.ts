/**
 * From what a printer said to what set-up keeps (decision AC4): its command language as it
 * answered (else its announcement's maker, else ESC/POS, the common one), its roll's width from
 * the model (the printers sold for Japan's counters; an unknown model: 80 mm, the usual), and its
 * own kanji font only where it said it has one — otherwise Japanese is printed as an image, which
 * every printer prints right (M17).
 */
import type { PrinterIdentity, PrinterLanguage, ThermalPrinter } from '../../../ipc/contract';

/** Models on 58 mm rolls, by a part of their name (upper case, letters and digits only). */
const NARROW = [
  'TMM10',
  'TMP20',
  'TMP60',
  'TMT20IIIL58',
  'MCP2',
  'MCPRINT2',
  'POP10',
  'MPOP',
  'SML200',
  'SMS2',
];

/** Star's models, as announcements and answers name them. */
const STAR = /\b(star|tsp\d|mc-?print|mcp\d|pop10|mpop|sm-[lst]\d|bsc10)/i;

const squeeze = (model: string) => model.toUpperCase().replace(/[^A-Z0-9]/g, '');

export function paperOf(model: string | null): '58mm' | '80mm' {
  if (!model) return '80mm';
  const m = squeeze(model);
  return NARROW.some((p) => m.includes(p)) ? '58mm' : '80mm';
}

/**
 * Receipt printers' makers and models as announcements name them: Epson's TM, Star's, Citizen's
 * CT-S, Bixolon's SRP, Seiko Instruments' RP. Only these are asked what they are: the bytes asked
 * would print as stray text on an office printer's raw port (decision AC3).
 */
const RECEIPT =
  /(\bTM-?[A-Z]?\d|\bstar\b|tsp\d|mc-?print|\bmcp\d|pop10|mpop|\bsm-[lst]\d|bsc10|ct-s\d|\bsrp-|\brp-[def]\d|receipt|レシート)/i;

/** Whether an announcement's words name a receipt printer. */
export function namesReceiptPrinter(text: string | null | undefined): boolean {
  return !!text && RECEIPT.test(text);
}

/** Whether a name (an announcement's, a maker's) is Star's. */
export function namesStar(text: string | null | undefined): boolean {
  return !!text && STAR.test(text);
}

export function offerFor(
  host: string,
  port: number,
  identity: PrinterIdentity,
  hint: string | null,
): ThermalPrinter {
  const language: PrinterLanguage =
    identity.language ?? (namesStar(identity.maker) || namesStar(hint) ? 'starprnt' : 'escpos');
  return {
    connection: { kind: 'network', host, port },
    language,
    paper: paperOf(identity.model ?? hint),
    drawer: true,
    kanji: identity.kanji === true ? 'builtin' : 'image',
  };
}
