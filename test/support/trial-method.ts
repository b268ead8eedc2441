/**
 * A trial payment method, added to the table and to money's words for one test file (vi.mock),
 * as a new method would be added and nothing else: a transit IC card paid with a slip number
 * like a card. Pure: checked under both the main and the renderer's TypeScript settings.
 */
import type * as Methods from '../../main/common/money/payment-methods';
import type { TenderMethod } from '../../main/common/money/tender';
import type * as MoneyWords from '../../main/common/words/money';

export const TRIAL = {
  id: 'ic' as TenderMethod,
  spec: { received: false, brand: null, reference: 'slip', drawer: false },
  ja: '交通系IC',
  en: 'Transit IC',
} as const;

/** The table with the trial method last. */
export function tableWithTrial(real: typeof Methods): typeof Methods {
  return { ...real, PAYMENT_METHODS: { ...real.PAYMENT_METHODS, [TRIAL.id]: TRIAL.spec } };
}

/** Money's words with the trial method's name. */
export function wordsWithTrial(real: typeof MoneyWords): typeof MoneyWords {
  const withTrial = <W extends typeof real.ja>(words: W, name: string): W => ({
    ...words,
    methods: { ...words.methods, [TRIAL.id]: name },
    methodsOnReceipt: { ...words.methodsOnReceipt, [TRIAL.id]: name },
  });
  return { ja: withTrial(real.ja, TRIAL.ja), en: withTrial(real.en, TRIAL.en) };
}
