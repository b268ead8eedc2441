/** The manifest of a day or a slot. */
import { manifestWords, reservationWords } from '../../../../main/ipc/contract';
import { words as common } from './common';

type Printed = [typeof manifestWords.en, typeof reservationWords.en];

/** The words the printed page and the CSV say too (main/common/words/manifest.ts). */
export const printedIn = ([m, { field }]: Printed) => ({
  title: m.title,
  empty: m.empty,
  columns: {
    name: field.name,
    status: field.status,
    payment: field.payment,
    answers: m.column.answers,
    checkIn: field.checkIn,
  },
});

const printedJa = printedIn([manifestWords.ja, reservationWords.ja]);

export const ja = {
  manifest: {
    title: printedJa.title,
    notFound: 'この枠は見つかりません。日付を確認してください。',
    manual: '承認制の商品です。承認待ちの予約は未確定です。',
    print: '印刷',
    csv: common.exportCsv,
    walkIn: 'この枠で当日受付',
    empty: printedJa.empty,
    caption: '予約 {{n}} 件',
    loading: '予約を読み込み中…',
    col: { ...printedJa.columns, party: common.headcount },
  },
};
