/** The English of items' words (ja/items.ts, the source): fetched when staff choose English. */
import { itemWords } from '../../../../main/ipc/contract';
import type { ja } from '../ja/items';
import type { Widen } from '../widen';
import { words as common } from './common';

export const en: Widen<typeof ja> = {
  items: {
    title: 'Counter items',
    panel: 'Add counter items',
    tilesLabel: 'Most sold first',
    none: 'No items yet. A manager adds them under “Manage items”.',
    picked: 'Items added',
    add: 'Add one {{name}}',
    quantity: 'How many {{name}}',
    remove: common.removeName,
    itemsTotal: 'Items total',
    reduced: '※ Reduced rate (8%)',
    grandTotal: 'Total to pay',
    sell: 'Take {{amount}} and record',
    selling: common.recording,
    sold: 'The items’ payment was recorded.',
    newSale: 'Next guest',
    nothingPicked: 'Pick an item.',
    categories: itemWords.en.categories,
    manage: {
      title: 'Manage items',
      hint: 'Adding or changing an item needs a manager’s approval.',
      nameJa: 'Name (Japanese)',
      nameEn: 'Name (English)',
      price: 'Price incl. tax (yen)',
      rate: 'Tax rate',
      standard: '10% (standard)',
      reducedRate: '8% (reduced: food and drink)',
      category: 'Category',
      active: 'On sale',
      inactive: 'Not on sale',
      add: 'Add an item',
      edit: common.edit,
      save: common.save,
      cancel: common.cancel,
      saved: common.saved,
    },
  },
};
