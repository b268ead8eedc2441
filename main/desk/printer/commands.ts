/**
 * The drawer's kick-out pulse (the encoder library's: ESC p 0 t1 t2 on ESC/POS, ESC BEL n1 n2 BEL
 * on StarPRNT) and the one command the counter writes itself, the status request, with how each
 * language's status answer reads (decision M7): no library here reads a printer's status.
 *
 * ESC/POS: the real-time status is DLE EOT n, answered at once even while the printer is
 * stopped: n = 1 the printer (bit 3 offline), n = 2 why it is offline (bit 2 cover open, bit 5
 * stopped at paper end), n = 4 the roll sensor (bits 2–3 near end, bits 5–6 paper out). StarPRNT:
 * ESC ACK SOH, answered in Star's automatic status format (its first byte gives the length; byte 3
 * bit 3 offline, bit 5 cover open; byte 6 bit 2 near end, bit 3 paper out).
 */
import type { PrinterLanguage, PrinterState } from '../../ipc/contract';
import { encoderFor } from '../receipt/receipt-thermal';

export const ESC = 0x1b;
export const DLE = 0x10;
export const EOT = 0x04;

/** The drawer's kick-out pulse (drawer 1: pin 2 on ESC/POS). */
export async function drawerPulse(language: PrinterLanguage): Promise<Buffer> {
  return Buffer.from((await encoderFor(language)).pulse().encode());
}

/** The status request, and how many bytes its answer has (Star's says it in its first byte). */
export const STATUS_REQUEST: Record<PrinterLanguage, Buffer> = {
  escpos: Buffer.from([DLE, EOT, 1, DLE, EOT, 2, DLE, EOT, 4]),
  starprnt: Buffer.from([ESC, 0x06, 0x01]),
};

/** How long Star's status answer is, from its first byte (bits 1–3 and 5). */
export function starStatusLength(first: number): number {
  return ((first >> 1) & 0x07) | ((first >> 2) & 0x08);
}

/** Whether `bytes` holds a whole status answer in `language`. */
export function statusComplete(language: PrinterLanguage, bytes: Buffer): boolean {
  if (language === 'escpos') return bytes.length >= 3;
  return bytes.length > 0 && bytes.length >= starStatusLength(bytes[0]!);
}

export interface ReadStatus {
  state: Exclude<PrinterState, 'unknown' | 'none'>;
  paperLow: boolean;
}

/** The status answer read; null when it is not one (the printer spoke something else). */
export function parseStatus(language: PrinterLanguage, bytes: Buffer): ReadStatus | null {
  if (language === 'escpos') {
    if (bytes.length < 3) return null;
    const [printer, cause, roll] = [bytes[0]!, bytes[1]!, bytes[2]!];
    // Every real-time status byte has bit 1 and bit 4 set, bits 0 and 7 clear.
    if ([printer, cause, roll].some((b) => (b & 0x93) !== 0x12)) return null;
    const paperOut = (roll & 0x60) !== 0 || (cause & 0x20) !== 0;
    const state = paperOut
      ? 'paper_out'
      : cause & 0x04
        ? 'cover_open'
        : printer & 0x08
          ? 'offline'
          : 'ready';
    return { state, paperLow: (roll & 0x0c) !== 0 };
  }
  if (bytes.length < 1) return null;
  const length = starStatusLength(bytes[0]!);
  if (length < 7 || bytes.length < length) return null;
  const [, , flags, , , paper] = bytes;
  const state =
    paper! & 0x08
      ? 'paper_out'
      : flags! & 0x20
        ? 'cover_open'
        : flags! & 0x08
          ? 'offline'
          : 'ready';
  return { state, paperLow: (paper! & 0x04) !== 0 };
}

/** The status answer a printer in `state` gives (the virtual printer's, and tests'). */
export function statusAnswer(
  language: PrinterLanguage,
  state: ReadStatus['state'],
  paperLow = false,
): Buffer {
  if (language === 'escpos') {
    const offline = state !== 'ready';
    return Buffer.from([
      0x12 | (offline ? 0x08 : 0),
      0x12 | (state === 'cover_open' ? 0x04 : 0) | (state === 'paper_out' ? 0x20 : 0),
      0x12 | (state === 'paper_out' ? 0x60 : 0) | (paperLow ? 0x0c : 0),
    ]);
  }
  // Nine bytes: 0x23 says so (bits 1–3 = 1, bit 5 = 8).
  const answer = Buffer.alloc(9);
  answer[0] = 0x23;
  answer[1] = 0x86;
  answer[2] = (state !== 'ready' ? 0x08 : 0) | (state === 'cover_open' ? 0x20 : 0);
  answer[5] = (state === 'paper_out' ? 0x08 : 0) | (paperLow ? 0x04 : 0);
  return answer;
}
