/**
 * How a booking paid on site stands, as the contract says it (issue 27): a payment view owing
 * ¥28,500 with nothing taken, and one collection of all of it in cash at 受付1, each changed by
 * what a test says. Checked by the contract's schema, so a fixture never drifts from it.
 */
import { CollectionView, PaymentView } from '../../main/ipc/contract';

export const paymentView = (over: Partial<PaymentView> = {}): PaymentView =>
  PaymentView.parse({
    method: 'on_site',
    onSite: 'yes',
    state: 'to_pay',
    due: 28_500,
    dueFrom: 'service',
    recordTotal: null,
    collected: 0,
    discounts: 0,
    stillOwed: 28_500,
    owedBack: 0,
    collectedTwice: false,
    collections: [],
    currency: 'JPY',
    ...over,
  });

/** Money taken for it: all of it, in cash, at 受付1 (`at`: epoch ms). */
export const collectionView = (at: number, over: Partial<CollectionView> = {}): CollectionView =>
  CollectionView.parse({
    id: 'c-1',
    counterName: '受付1',
    at,
    amount: 28_500,
    discount: 0,
    methods: ['cash'],
    refunded: 0,
    mine: true,
    excess: 0,
    ...over,
  });
