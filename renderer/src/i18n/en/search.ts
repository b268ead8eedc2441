/** The English of search's words (ja/search.ts, the source): fetched when staff choose English. */
import type { ja } from '../ja/search';
import type { Widen } from '../widen';
import { words as common } from './common';

export const en: Widen<typeof ja> = {
  search: {
    label: 'Find a reservation',
    field: 'Search',
    placeholder: 'Name, phone, e-mail or number',
    title: 'Search results',
    explain: 'Scanning a reservation number with the barcode reader opens that reservation.',
    empty: 'Type a name, phone number, e-mail address or reservation number.',
    searching: common.searching,
    count: '“{{query}}”: {{n}} found',
    countCapped: '“{{query}}”: the first {{n}} of {{total}} found. Type more to narrow the list.',
    countMore: '“{{query}}”: the first {{n}} shown; more match. Type more to narrow the list.',
  },
};
