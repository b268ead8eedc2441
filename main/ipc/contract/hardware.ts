/**
 * The counter's hardware (issue 31): the thermal receipt printer spoken to in its own language
 * (ESC/POS, StarPRNT) over the LAN or the OS's raw queue, the cash drawer on its kick-out port,
 * the printer's status, and the display that faces the guest. The channels are spread into the
 * one map in `channels.ts`; main/desk/printer and main/desk/display answer them. Over 300 lines
 * because it is one domain's contract, as each file here is: the printer's finding (identity,
 * offer, range) is built on its languages and widths above, and apart it would import them back.
 */
import { z } from 'zod';
import { Amount, LocalDate } from '../../common';
import { UiLocale } from './setup';

/** The printer's command language: Epson's ESC/POS, or Star's StarPRNT. */
export const PrinterLanguage = z.enum(['escpos', 'starprnt']);
export type PrinterLanguage = z.infer<typeof PrinterLanguage>;

export const ThermalPaper = z.enum(['58mm', '80mm']);

/**
 * How Japanese is printed: in the printer's kanji mode (its own font), or drawn as a raster image
 * by the counter, for a printer without a kanji font (decision M17).
 */
export const KanjiMode = z.enum(['builtin', 'image']);
export type KanjiMode = z.infer<typeof KanjiMode>;

/** What the bytes are drawn for: the language, the roll, how kanji print (absent: built-in). */
export const ThermalFormat = z.strictObject({
  language: PrinterLanguage,
  paper: ThermalPaper,
  kanji: KanjiMode.optional(),
});
export type ThermalFormat = z.infer<typeof ThermalFormat>;

/**
 * Where the printer is: on the LAN (raw TCP, port 9100), a USB printer through the OS's raw
 * queue (by the queue's name), or training's virtual printer (decision M9).
 */
export const PrinterConnection = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('network'),
    host: z
      .string()
      .trim()
      .min(1)
      .max(253)
      .regex(/^[A-Za-z0-9.:-]+$/, 'a host name or an address'),
    port: z.number().int().min(1).max(65535).default(9100),
  }),
  z.strictObject({ kind: z.literal('queue'), name: z.string().trim().min(1).max(200) }),
  z.strictObject({ kind: z.literal('virtual') }),
]);
export type PrinterConnection = z.infer<typeof PrinterConnection>;

export const ThermalPrinter = z.strictObject({
  connection: PrinterConnection,
  language: PrinterLanguage,
  paper: ThermalPaper,
  /** A cash drawer is on the printer's kick-out port. */
  drawer: z.boolean().default(true),
  /** Set up before there was a choice: the printer's own kanji font. */
  kanji: KanjiMode.default('builtin'),
});
export type ThermalPrinter = z.infer<typeof ThermalPrinter>;

/** Which printer a document goes to: the receipt printer, or the OS's (A4) printer. */
export const PrintRoute = z.enum(['receipt_printer', 'os_printer']);
export type PrintRoute = z.infer<typeof PrintRoute>;

/**
 * The counter's printers, per document (set-up). The OS printer's name is money's `printerName`
 * (one home: it was also `a4PrinterName` here, unused; old files are read by printer/settings.ts).
 */
export const PrinterSettings = z.strictObject({
  /** The thermal printer spoken to directly; null: receipts go through the OS (as before). */
  receiptPrinter: ThermalPrinter.nullable(),
  /** Receipts and refund slips, the close report, the manifest. */
  routes: z.strictObject({
    receipt: PrintRoute,
    close: PrintRoute,
    manifest: PrintRoute,
  }),
});
export type PrinterSettings = z.infer<typeof PrinterSettings>;

export const DEFAULT_PRINTER_SETTINGS: PrinterSettings = {
  receiptPrinter: null,
  routes: { receipt: 'receipt_printer', close: 'os_printer', manifest: 'os_printer' },
};

/** What the printer says of itself (ESC/POS real-time status, Star's status), or why not known. */
export const PrinterState = z.enum([
  'ready',
  'paper_out',
  'cover_open',
  'offline',
  /** It does not report (a queue of the OS): printed and hoped for. */
  'unknown',
  /** No receipt printer is set up. */
  'none',
]);
export type PrinterState = z.infer<typeof PrinterState>;

export const PrinterStatus = z.object({
  state: PrinterState,
  /** Paper near its end (still prints). */
  paperLow: z.boolean(),
  /** Documents kept to print once it is ready, oldest first (never lost, printed once). */
  queued: z.number().int().min(0),
  /** Kept documents that could not be read back (damaged): listed, never printed blindly. */
  unreadable: z.number().int().min(0).default(0),
  /** When the printer last answered or failed to (epoch ms). */
  checkedAt: z.number().nullable(),
  /** The printer's name as set-up shows it. */
  printer: z.string().nullable(),
  drawer: z.boolean(),
});
export type PrinterStatus = z.infer<typeof PrinterStatus>;

/**
 * What a LAN printer said of itself when asked (ESC/POS `GS I`, Star's `ESC # *`), each part
 * null where it did not say (decision AC3). `answered` false: it took the connection and said
 * nothing readable — listed all the same, as an unknown model.
 */
export const PrinterIdentity = z.object({
  answered: z.boolean(),
  maker: z.string().max(64).nullable(),
  model: z.string().max(64).nullable(),
  /** The command language it answered in. */
  language: PrinterLanguage.nullable(),
  /** It has a Japanese (kanji) font of its own. */
  kanji: z.boolean().nullable(),
  /** It has an autocutter. */
  cutter: z.boolean().nullable(),
});
export type PrinterIdentity = z.infer<typeof PrinterIdentity>;

/** How a printer was found: the OS's queue, training's, announced on the LAN, or probed there. */
export const FoundBy = z.enum(['os', 'training', 'announced', 'probed']);
export type FoundBy = z.infer<typeof FoundBy>;

/**
 * A printer set-up can choose: the OS's list, in training the virtual printer, and the LAN's
 * receipt printers (decisions AC3–AC6) with what they said they are and the settings choosing one
 * fills in (`offer`).
 */
export const FoundPrinter = z.object({
  name: z.string(),
  connection: PrinterConnection,
  /** The OS's default printer. */
  isDefault: z.boolean(),
  foundBy: FoundBy.default('os'),
  identity: PrinterIdentity.nullable().default(null),
  /** The printer as set-up would keep it when chosen: language, width, kanji from its answer. */
  offer: ThermalPrinter.nullable().default(null),
});
export type FoundPrinter = z.infer<typeof FoundPrinter>;

/**
 * A range of LAN addresses to probe, as staff type it: `192.168.1.0/24`, `192.168.1.*`,
 * `192.168.1` (the /24), or `192.168.1.20-60`; at most one /24 (decision AC5).
 */
export const AddressRange = z
  .string()
  .trim()
  .max(40)
  .regex(
    /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})(\.(\*|0\/24|\d{1,3}(-\d{1,3})?))?$/,
    'an IPv4 /24 or a range within one',
  );

/** How a LAN search is going (pushed as `printer.discovery`). */
export const DiscoveryProgress = z.object({
  phase: z.enum(['announcements', 'probe', 'asking', 'done']),
  /** Addresses tried of the range (the probe), or printers asked (asking). */
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  found: z.number().int().min(0),
});
export type DiscoveryProgress = z.infer<typeof DiscoveryProgress>;

/** A print's answer: printed, or kept in the queue until the printer is ready. */
export const PrintAnswer = z.object({
  ok: z.boolean(),
  reason: z.string().nullable(),
  /** Kept to print later (the printer is not ready): the receipt is not lost. */
  queued: z.boolean().default(false),
});
export type PrintAnswer = z.infer<typeof PrintAnswer>;

/** What training's virtual printer received, decoded (what staff would have seen printed). */
export const VirtualPrint = z.object({
  at: z.number(),
  /** The text lines as printed. */
  lines: z.array(z.string()),
  /** The QR codes' payloads, in order. */
  codes: z.array(z.string()),
  cuts: z.number().int(),
  pulses: z.number().int(),
  /** Images it printed (a printer without a kanji font gets its text as one, M17). */
  images: z.number().int().default(0),
});
export type VirtualPrint = z.infer<typeof VirtualPrint>;

export const VirtualState = z.enum(['ready', 'paper_out', 'cover_open', 'offline']);

/** What the guest's display shows: nothing, the sale being paid, or the thanks. */
export const DisplayScreen = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('idle') }),
  z.strictObject({
    kind: z.literal('sale'),
    product: z.string().max(200),
    /** When it takes place (as the counter shows it). */
    when: z.string().max(100),
    adults: z.number().int().min(0).max(999),
    children: z.number().int().min(0).max(999),
    currency: z.string().min(1).max(10),
    total: Amount.nullable(),
    /** Cash handed over (null: none yet, or not cash). */
    received: Amount.nullable(),
    change: Amount.nullable(),
  }),
  z.strictObject({
    kind: z.literal('thanks'),
    currency: z.string().min(1).max(10),
    total: Amount.nullable(),
    change: Amount.nullable(),
    /** The reservation number its receipt's code carries (null: being confirmed). */
    number: z.string().max(100).nullable(),
  }),
]);
export type DisplayScreen = z.infer<typeof DisplayScreen>;

export const DisplayView = z.object({
  /** The guest's language (staff toggle it). */
  locale: UiLocale,
  screen: DisplayScreen,
  /** The reservation number's QR modules (thanks with a number), drawn by the display. */
  code: z.array(z.array(z.boolean())).nullable(),
});
export type DisplayView = z.infer<typeof DisplayView>;

const Empty = z.strictObject({});

export const hardwareChannels = {
  /** The receipt printer's state and its queue (also pushed as `printer.changed`). */
  'printer.status': { request: Empty, response: PrinterStatus },
  'printer.settings': { request: Empty, response: PrinterSettings },
  'printer.configure': { request: PrinterSettings, response: PrinterSettings },
  /** Printers set-up can choose: the OS's list, the virtual printer in training. */
  'printer.find': { request: Empty, response: z.object({ printers: z.array(FoundPrinter) }) },
  /**
   * The LAN's receipt printers: those that announce themselves (mDNS), and with `range` those
   * answering on `port` there; each asked what it is. Bounded in time; one search at a time (a new
   * one stops the last); progress as `printer.discovery` (decisions AC3–AC6).
   */
  'printer.discover': {
    request: z.strictObject({
      range: AddressRange.nullable().default(null),
      port: z.number().int().min(1).max(65535).default(9100),
    }),
    response: z.object({ printers: z.array(FoundPrinter), stopped: z.boolean() }),
  },
  /** Stop the LAN search under way: what it found so far is its answer. */
  'printer.stopDiscovery': { request: Empty, response: z.object({ stopped: z.boolean() }) },
  /** A test page on a printer (chosen or not yet saved), its status read back first. */
  'printer.test': {
    request: z.strictObject({ printer: ThermalPrinter, locale: UiLocale.default('ja') }),
    response: PrintAnswer,
  },
  /** Print what the queue keeps now (the printer said ready, or staff ask again). */
  'printer.retry': { request: Empty, response: PrinterStatus },
  /** Training's virtual printer: what it printed, its state (switchable to practise trouble). */
  'printer.virtual': {
    request: z.strictObject({ state: VirtualState.nullable().default(null) }),
    response: z.object({ state: VirtualState, printed: z.array(VirtualPrint) }),
  },
  /**
   * The close report on the receipt printer, when set-up routes it there (else PRINT_UNAVAILABLE:
   * the renderer prints `close.report`'s page through the OS or the browser).
   */
  'close.print': {
    request: z.strictObject({ date: LocalDate, locale: UiLocale.default('ja') }),
    response: PrintAnswer,
  },
  /** Open the cash drawer by hand: a reason is required, and the open is recorded. */
  'drawer.open': {
    request: z.strictObject({ reason: z.string().trim().min(2).max(200) }),
    response: PrintAnswer,
  },
  /** What the guest's display shows (the walk-in's tender sets it). */
  'display.show': {
    request: z.strictObject({ screen: DisplayScreen, locale: UiLocale.nullable().default(null) }),
    response: DisplayView,
  },
  'display.get': { request: Empty, response: DisplayView },
  /**
   * Open the guest's display: the desktop app on the second screen; the browser host answers the
   * display page's address with its own token (shows that display and nothing else).
   */
  'display.open': { request: Empty, response: z.object({ url: z.string().nullable() }) },
} as const;

/**
 * What the guest's display may ask and hear, in both hosts (the browser host's display token, the
 * desktop app's guest window): its own screen and nothing of the counter's (decision M12).
 */
export const GUEST_DISPLAY_CHANNELS: ReadonlySet<string> = new Set(['display.get']);
export const GUEST_DISPLAY_EVENTS: ReadonlySet<string> = new Set(['display.changed']);
