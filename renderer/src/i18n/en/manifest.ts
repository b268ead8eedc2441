/** The English of manifest's words (ja/manifest.ts, the source): fetched when staff choose English. */
import { manifestWords, reservationWords } from '../../../../main/ipc/contract';
import { printedIn, type ja } from '../ja/manifest';
import type { Widen } from '../widen';
import { words as common } from './common';

const printedEn = printedIn([manifestWords.en, reservationWords.en]);

export const en: Widen<typeof ja> = {
  manifest: {
    title: printedEn.title,
    notFound: 'This slot was not found. Check the date.',
    manual: 'This product needs approval. Bookings waiting for approval are not confirmed.',
    print: 'Print',
    csv: common.exportCsv,
    walkIn: 'Walk-in for this slot',
    empty: printedEn.empty,
    caption: 'Bookings: {{n}}',
    loading: 'Loading the bookings…',
    col: { ...printedEn.columns, party: common.headcount },
  },
};
