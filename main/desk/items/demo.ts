/**
 * Training's demo catalogue (issue 30): what an experience counter sells beside its bookings —
 * rentals and goods at the standard rate, a drink and a snack at the reduced 8 % — so staff learn
 * a sale with two rates on the demo store.
 */
import type { CounterItem } from '../../common/money';

const made = { active: true, updatedAt: 0, updatedBy: 'training' } as const;

export const DEMO_ITEMS: readonly CounterItem[] = [
  {
    id: 'demo-umbrella',
    name: { ja: '傘レンタル', en: 'Umbrella rental' },
    price: 300,
    rate: 10,
    category: 'rental',
    ...made,
  },
  {
    id: 'demo-kimono-upgrade',
    name: { ja: '着物グレードアップ', en: 'Kimono upgrade' },
    price: 2_000,
    rate: 10,
    category: 'rental',
    ...made,
  },
  {
    id: 'demo-photo-print',
    name: { ja: '写真プリント', en: 'Photo print' },
    price: 1_000,
    rate: 10,
    category: 'goods',
    ...made,
  },
  {
    id: 'demo-green-tea',
    name: { ja: '緑茶', en: 'Green tea' },
    price: 150,
    rate: 8,
    category: 'drink',
    ...made,
  },
  {
    id: 'demo-senbei',
    name: { ja: 'せんべい', en: 'Rice crackers' },
    price: 500,
    rate: 8,
    category: 'food',
    ...made,
  },
];
