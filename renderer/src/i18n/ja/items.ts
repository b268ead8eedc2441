/**
 * Counter items (issue 30): the quick tiles and the picked list beside a tender, a sale of items
 * alone, the manager's catalogue. The categories are printed too (the close): main/common/words.
 */
import { itemWords } from '../../../../main/ipc/contract';
import { words as common } from './common';

export const ja = {
  items: {
    title: '物販・レンタル',
    panel: '物販・レンタルを追加',
    tilesLabel: 'よく売れる順',
    none: '品目がまだありません。店長が「品目の管理」で追加できます。',
    picked: '追加した品目',
    add: '{{name}} を1つ追加',
    quantity: '{{name}} の数量',
    remove: common.removeName,
    itemsTotal: '物販の合計',
    reduced: '※ 軽減税率(8%)',
    grandTotal: 'お支払い合計',
    sell: '{{amount}} を受け取って記録',
    selling: common.recording,
    sold: '物販のお支払いを記録しました。',
    newSale: '次のお客様',
    nothingPicked: '品目を選んでください。',
    categories: itemWords.ja.categories,
    manage: {
      title: '品目の管理',
      hint: '品目の追加・変更には店長の承認が必要です。',
      nameJa: '名前（日本語）',
      nameEn: '名前（英語）',
      price: '税込価格（円）',
      rate: '税率',
      standard: '10%（標準）',
      reducedRate: '8%（軽減：飲食料品）',
      category: '分類',
      active: '販売中',
      inactive: '販売停止',
      add: '品目を追加',
      edit: common.edit,
      save: common.save,
      cancel: common.cancel,
      saved: common.saved,
    },
  },
};
