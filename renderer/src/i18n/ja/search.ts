/** Search at the counter. */
import { words as common } from './common';

export const ja = {
  search: {
    label: '予約を検索',
    field: '検索',
    placeholder: '名前・電話・メール・予約番号',
    title: '検索結果',
    explain: 'バーコードリーダーで予約番号を読み取ると、その予約が開きます。',
    empty: '名前・電話番号・メールアドレス・予約番号を入力してください。',
    searching: common.searching,
    count: '「{{query}}」: {{n}} 件',
    countCapped: '「{{query}}」: {{total}} 件中 {{n}} 件を表示。続けて入力すると絞り込めます。',
    countMore:
      '「{{query}}」: 先頭 {{n}} 件を表示(ほかにも見つかりました)。続けて入力すると絞り込めます。',
  },
};
