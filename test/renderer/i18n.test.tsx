// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../main/api/schemas';
import { createFormat } from '../../renderer/src/format/format';
import { ja, pickLanguage } from '../../renderer/src/i18n';
import { FEATURES } from '../../renderer/src/i18n/catalogue';
import { en, FEATURES_EN } from '../../renderer/src/i18n/en';
import type { FakeBridge } from './support/fakeBridge';
import { demoBridge, NOW } from './support/fixtures';
import { renderApp, settle } from './support/render';

let fake: FakeBridge | null = null;
afterEach(() => {
  cleanup();
  expect(fake?.violations ?? []).toEqual([]);
  fake = null;
});

type Tree = { [k: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  const jaLeaves = leaves(ja as unknown as Tree);
  const enLeaves = leaves(en as unknown as Tree);

  it('are merged from feature files that never claim the same top-level key', () => {
    const owners = new Map<string, string[]>();
    for (const [feature, words] of Object.entries(FEATURES))
      for (const key of Object.keys(words.ja))
        owners.set(key, [...(owners.get(key) ?? []), feature]);
    const claimedTwice = [...owners].filter(([, features]) => features.length > 1);
    expect(claimedTwice).toEqual([]);
    // Every key of the merged catalogue comes from exactly one feature, in both languages.
    expect([...owners.keys()].sort()).toEqual(Object.keys(ja).sort());
    expect(Object.keys(FEATURES_EN).sort()).toEqual(Object.keys(FEATURES).sort());
    for (const [feature, words] of Object.entries(FEATURES))
      expect(Object.keys(FEATURES_EN[feature as keyof typeof FEATURES].en).sort()).toEqual(
        Object.keys(words.ja).sort(),
      );
  });

  it('have the same keys and the same placeholders in both languages', () => {
    expect([...enLeaves.keys()].sort()).toEqual([...jaLeaves.keys()].sort());
    for (const [key, text] of jaLeaves) {
      expect(text.trim(), key).not.toBe('');
      expect(vars(enLeaves.get(key)!), key).toEqual(vars(text));
    }
  });

  it('turn every error code into a message staff can act on, in both languages', () => {
    const codes = [
      ...ErrorCode.options,
      // The router's and the desk's own codes, and network failures by reason.
      'INVALID_INPUT',
      'UNKNOWN_CHANNEL',
      'INTERNAL',
      'BAD_ANSWER',
      'API_ERROR',
      'OFFLINE',
      'NOT_SET_UP',
      'NO_SERVICE_URL',
      'NO_STORE',
      'STORE_NOT_AVAILABLE',
      'RESERVATION_NOT_CACHED',
      'NOT_CANCELLABLE',
      // Booking changes (main/desk/change).
      'CHANGE_NOT_POSSIBLE',
      'PREVIEW_CHANGED',
      'PRICE_REQUIRED',
      'CHANGE_NOT_FOUND',
      'CHANGE_BUSY',
      'CHANGE_REFUSED',
      'PRINT_UNAVAILABLE',
      'PRODUCT_NOT_FOUND',
      'CHECK_FAILED',
      'NETWORK_OFFLINE',
      'NETWORK_REFUSED',
      'NETWORK_TIMEOUT',
      'NETWORK_RESET',
      'NETWORK_ABORTED',
      'BRIDGE_FAILED',
      'NO_BRIDGE',
      'FEATURE_UNAVAILABLE',
      'RESERVATION_NOT_ACTIVE',
      'SLOT_NOT_FOUND',
      'OUTBOX_ENTRY_NOT_FOUND',
      'OUTBOX_REFUSED',
      'INSECURE_SERVICE_URL',
      // The shop's settings (main/desk/shop/shop-config.ts).
      'COUNTER_NAME_INVALID',
      'PEER_ADDRESS_INVALID',
      'TOO_MANY_PEERS',
      // main/host/secrets.ts NO_SECURE_STORAGE (not imported: it needs Node's types).
      'SECURE_STORAGE_UNAVAILABLE',
      // The browser host's loopback bridge.
      'HOST_UNREACHABLE',
      'HOST_UNAUTHORIZED',
      'HOST_BAD_ANSWER',
    ];
    for (const code of codes) {
      expect(jaLeaves.has(`errors.${code}`), code).toBe(true);
      expect(enLeaves.has(`errors.${code}`), code).toBe(true);
    }
  });
});

describe('no user-facing text outside the catalogues', () => {
  const sources = import.meta.glob('../../renderer/src/**/*.tsx', {
    query: '?raw',
    import: 'default',
    eager: true,
  }) as Record<string, string>;
  const USER_ATTRIBUTES = new Set([
    'aria-label',
    'aria-description',
    'aria-roledescription',
    'aria-valuetext',
    'title',
    'placeholder',
    'alt',
    'label',
  ]);
  const letters = /\p{L}/u;

  function literals(file: string, text: string): string[] {
    const found: string[] = [];
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const where = (node: ts.Node) =>
      `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    // The strings an expression may render: literals, template text, either branch of a
    // condition, the value side of && / || / ??, and concatenations — not what is compared.
    const staticText = (e: ts.Expression): string | null => {
      if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
      if (ts.isTemplateExpression(e))
        return e.head.text + e.templateSpans.map((s) => s.literal.text).join('');
      if (ts.isParenthesizedExpression(e)) return staticText(e.expression);
      if (ts.isConditionalExpression(e))
        return [staticText(e.whenTrue), staticText(e.whenFalse)].join('');
      if (ts.isBinaryExpression(e)) {
        const op = e.operatorToken.kind;
        if (op === ts.SyntaxKind.AmpersandAmpersandToken) return staticText(e.right);
        if (
          op === ts.SyntaxKind.BarBarToken ||
          op === ts.SyntaxKind.QuestionQuestionToken ||
          op === ts.SyntaxKind.PlusToken
        )
          return [staticText(e.left), staticText(e.right)].join('');
      }
      return null;
    };
    const visit = (node: ts.Node) => {
      if (ts.isJsxText(node) && letters.test(node.text))
        found.push(`${where(node)} text "${node.text.trim()}"`);
      if (ts.isJsxAttribute(node) && USER_ATTRIBUTES.has(node.name.getText())) {
        const init = node.initializer;
        const value =
          init && ts.isStringLiteral(init)
            ? init.text
            : init && ts.isJsxExpression(init) && init.expression
              ? staticText(init.expression)
              : null;
        if (value && letters.test(value))
          found.push(`${where(node)} ${node.name.getText()}="${value}"`);
      }
      if (
        ts.isJsxExpression(node) &&
        node.expression &&
        (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
      ) {
        const value = staticText(node.expression);
        if (value && letters.test(value)) found.push(`${where(node)} {"${value}"}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  }

  it('finds the components to scan', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(15);
  });

  it('has no JSX text or labelling attribute with words in any component', () => {
    const found = Object.entries(sources).flatMap(([file, text]) => literals(file, text));
    expect(found).toEqual([]);
  });

  it('the scan itself catches hard-coded words', () => {
    const bad = `export const A = () => <div title="Hello"><p>Save</p>{'Cancel'}{\`Back \${x}\`}<b>{' · '}</b>{ok && 'Done'}{a === 'b' && t('x')}</div>;`;
    expect(literals('bad.tsx', bad)).toHaveLength(5);
  });
});

describe('language', () => {
  it('follows the OS/browser locale, Japanese by default', () => {
    expect(pickLanguage(['ja-JP', 'en-US'])).toBe('ja');
    expect(pickLanguage(['en-GB'])).toBe('en');
    expect(pickLanguage(['fr-FR', 'en-US'])).toBe('en');
    expect(pickLanguage(['fr-FR'])).toBe('ja');
    expect(pickLanguage([])).toBe('ja');
  });

  it('starts in Japanese on a Japanese system', async () => {
    fake = demoBridge();
    await renderApp(fake, { lang: undefined, languages: () => ['ja-JP'] });
    expect(document.documentElement.lang).toBe('ja');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('フロントデスク');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/^2026年5月14日\(木\)/);
    expect(screen.getByRole('navigation', { name: 'メイン操作' }).textContent).toContain(
      '当日受付',
    );
    expect(screen.getByText('オンライン')).toBeTruthy();
    expect(screen.getAllByText(/データ更新: 3 分前（09:57）/).length).toBeGreaterThan(0);
  });

  it('switches language at once, everywhere', async () => {
    fake = demoBridge();
    const r = await renderApp(fake, { lang: 'en' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Front Desk');
    const toJa = screen.getByRole('button', { name: 'Switch language: 日本語' });
    expect(toJa.querySelector('[lang]')!.getAttribute('lang')).toBe('ja');
    await r.user.tap(toJa);
    expect(document.documentElement.lang).toBe('ja');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('フロントデスク');
    expect(screen.getByText('承認制')).toBeTruthy();
    // The day's memoized slot rows too: they take the words from the day screen.
    const kayak = () => screen.getByRole('article', { name: 'Sea Kayak Tour' });
    expect(kayak().textContent).toContain('残り 7/12');
    expect(kayak().textContent).toContain('2 組（来店 1）');
    await r.user.tap(screen.getByRole('button', { name: '表示言語を切り替え: English' }));
    expect(screen.getByText('Needs approval')).toBeTruthy();
    expect(kayak().textContent).toContain('7/12 left');
    expect(kayak().textContent).toContain('parties: 2, arrived 1');
  });

  it('starts in the language the main process keeps, and keeps a switch there', async () => {
    fake = demoBridge({ 'prefs.get': () => ({ locale: 'ja' }) });
    const r = await renderApp(fake, { lang: undefined, languages: () => ['en-US'] });
    expect(document.documentElement.lang).toBe('ja');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('フロントデスク');
    expect(fake.callsOf('prefs.set')).toEqual([]);
    await r.user.tap(screen.getByRole('button', { name: '表示言語を切り替え: English' }));
    expect(document.documentElement.lang).toBe('en');
    expect(fake.callsOf('prefs.set')).toEqual([{ locale: 'en' }]);
  });

  it('follows the system language when none is kept', async () => {
    fake = demoBridge({ 'prefs.get': () => ({ locale: null }) });
    await renderApp(fake, { lang: undefined, languages: () => ['en-US'] });
    expect(fake.callsOf('prefs.get')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Front Desk');
  });

  it('books a walk-in in Japanese with the e-mail in the UI language', async () => {
    fake = demoBridge();
    const r = await renderApp(fake, { lang: 'ja' });
    await act(async () => r.app.actions.startWalkIn({ productId: 'p-kayak' }));
    await settle();
    await r.user.press('Enter');
    await r.user.type('加藤');
    await r.user.press('Enter');
    expect(screen.getByText('カウンターで ￥11,000 をお受け取りください')).toBeTruthy();
    await r.user.press('Enter');
    expect(screen.getByText('予約が確定しました')).toBeTruthy();
    expect(fake.callsOf('walkin.book')[0]).toMatchObject({
      locale: 'ja',
      customer: { lastName: '加藤' },
    });
  });
});

describe('formats', () => {
  it('dates and times in the store time zone, money in yen', () => {
    const jaF = createFormat('ja', 'Asia/Tokyo', 'JPY');
    const enF = createFormat('en', 'Asia/Tokyo', 'JPY');
    expect(jaF.money(11000)).toBe('￥11,000');
    expect(enF.money(11000)).toBe('¥11,000');
    expect(enF.money(25, 'USD')).toBe('$25.00');
    expect(jaF.date('2026-05-14')).toBe('2026年5月14日(木)');
    expect(enF.date('2026-05-14')).toBe('Thu, May 14, 2026');
    expect(jaF.time('09:05')).toBe('09:05');
    // 01:00 UTC is 10:00 in Tokyo, 21:00 the day before in New York.
    expect(enF.instant(NOW, NOW)).toBe('10:00');
    expect(createFormat('en', 'America/New_York', 'USD').instant(NOW, NOW)).toBe('21:00');
    expect(enF.instant(NOW - 86_400_000, NOW)).toBe('5/13, 10:00');
    expect(enF.age(NOW - 30_000, NOW)).toBe('now');
    expect(enF.age(NOW - 5 * 60_000, NOW)).toBe('5 minutes ago');
    expect(jaF.age(NOW - 3 * 3_600_000, NOW)).toBe('3 時間前');
  });
});
