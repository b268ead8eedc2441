/**
 * The printed-word catalogue: every word the main process puts on paper or in a file — receipts
 * and refund slips, the close report, the journal and manifest CSVs, the manifest page, the
 * shell's recovery page and menu — in Japanese (the source) and English, one file per document
 * or concept beside this one. A word written here is written once: the renderer's catalogue
 * (renderer/src/i18n) takes the words it shares with paper (payment methods, refund reasons,
 * check-in states…) from here through the IPC contract.
 *
 * Each file exports `{ ja, en }` with `en: Widen<typeof ja>` so the compiler names a missing
 * word; texts with values are functions of them. Leaf module: nothing of the project.
 */
export type { PrintLocale, Widen, WordsOf } from './locale';
export { PRINT_LOCALES, printLocaleOf } from './locale';
