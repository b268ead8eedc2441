/**
 * The accountant's exports, one call per format of GET /v1/web/exports/:format (ExportFormat,
 * office/protocol/web.ts): pure functions of the records, the mapping and the zone (input.ts).
 * freee has two files (decision AB64): the 振替伝票 file, which holds every entry, unless the
 * 取引 file is asked for.
 */
import type { ExportFormat } from '../../protocol/web';
import { freeeDealsExport, freeeJournalExport } from './freee';
import type { ExportFile, ExportInput } from './input';
import { journalCsvExport } from './journal-csv';
import { yayoiExport } from './yayoi';

export type { ExportFile, ExportInput, ExportRecord, Skipped, EncodingWarning } from './input';
export { freeeDealsExport, freeeJournalExport, journalCsvExport, yayoiExport };

/** Which of freee's imports: 振替伝票 (`journal`, every entry) or 取引 (`deals`). */
export type FreeeFile = 'journal' | 'deals';

export function exportFile(
  format: ExportFormat,
  input: ExportInput,
  freee: FreeeFile = 'journal',
): ExportFile {
  switch (format) {
    case 'yayoi':
      return yayoiExport(input);
    case 'freee':
      return freee === 'deals' ? freeeDealsExport(input) : freeeJournalExport(input);
    case 'journal':
      return journalCsvExport(input);
  }
}
