/**
 * Words the counter shows and prints are written once: the renderer's catalogue takes a
 * reservation's and the manifest's printed words (main/common/words) through the IPC contract,
 * and its feature files that show them write none of them again.
 */
import { describe, expect, it } from 'vitest';
import { manifestWords, reservationWords } from '../../../main/ipc/contract';
import { ja } from '../../../renderer/src/i18n';
import { en } from '../../../renderer/src/i18n/en';

type Tree = { [k: string]: unknown };

/** Each feature's words, Japanese (ja/) and English (en/). */
const SOURCES = import.meta.glob(
  ['../../../renderer/src/i18n/ja/*.ts', '../../../renderer/src/i18n/en/*.ts'],
  { query: '?raw', import: 'default', eager: true },
) as Record<string, string>;
const FOLDER = { ja: 'ja', en: 'en' } as const;

function texts(tree: Tree): string[] {
  return Object.values(tree).flatMap((v) =>
    typeof v === 'string' ? [v] : v && typeof v === 'object' ? texts(v as Tree) : [],
  );
}

describe('the printed words on screen', () => {
  it.each([
    ['ja', ja],
    ['en', en],
  ] as const)('are the printed ones (%s)', (locale, shown) => {
    const r = reservationWords[locale];
    const m = manifestWords[locale];
    expect(shown.status).toEqual({
      confirmed: r.status.confirmed,
      pending: r.status.pending,
      cancelled: r.status.cancelled,
      other: r.status.other('{{status}}'),
    });
    expect(shown.payment).toEqual({
      on_site: r.payment.on_site,
      external: r.payment.external,
      card: r.payment.card,
      other: r.payment.other('{{method}}'),
      unknown: r.payment.unknown,
    });
    expect(shown.checkIn).toMatchObject({
      none: r.checkIn.none,
      arrived: r.checkIn.counted(r.checkIn.arrived, '{{adults}}', '{{children}}'),
      partial: r.checkIn.counted(r.checkIn.partial, '{{adults}}', '{{children}}'),
      noShow: r.checkIn.noShow,
    });
    expect(shown.common).toMatchObject({
      party: r.party('{{adults}}', '{{children}}'),
      answer: r.answer.person('{{n}}', '{{label}}', '{{value}}'),
      bookerAnswer: r.answer.booker('{{label}}', '{{value}}'),
    });
    expect(shown.reservation).toMatchObject({
      number: r.field.number,
      payment: r.field.payment,
      phone: r.field.phone,
      email: r.field.email,
    });
    expect(shown.manifest).toMatchObject({
      title: m.title,
      empty: m.empty,
      col: {
        name: r.field.name,
        status: r.field.status,
        payment: r.field.payment,
        answers: m.column.answers,
        checkIn: r.field.checkIn,
      },
    });
    expect(shown.walkIn.done.pending).toBe(r.status.pending);
  });

  it.each(
    (['ja', 'en'] as const).flatMap((locale) =>
      ['manifest', 'reservation', 'status', 'common'].map((feature) => [locale, feature] as const),
    ),
  )('are not written again in the %s of %s', (locale, feature) => {
    const printed = new Set(texts(reservationWords[locale]).concat(texts(manifestWords[locale])));
    const source = SOURCES[`../../../renderer/src/i18n/${FOLDER[locale]}/${feature}.ts`]!;
    expect(source).toContain('main/ipc/contract');
    const literals = [...source.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1]!);
    expect(literals.filter((l) => printed.has(l))).toEqual([]);
  });
});
