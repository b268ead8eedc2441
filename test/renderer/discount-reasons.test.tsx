// @vitest-environment happy-dom
/**
 * Set-up's reasons for a discount (issue 30, I13): a manager adds a reason, renames it
 * and stops offering it, the rules (empty words, words another reason has) said by the field
 * before anything is sent, a refusal of the desk (another counter's reason meanwhile) said the
 * same way; a member of staff without the permission sees the list and why it cannot be changed;
 * no accessibility violation, in both languages.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_DISCOUNT_REASONS,
  reasonDraftProblems,
  StaffState,
  type DiscountReasonEntry,
} from '../../main/ipc/contract';
import type { Lang } from '../../renderer/src/format/format';
import { Refusal, type FakeBridge } from './support/fakeBridge';
import { demoBridge, NOW } from './support/fixtures';
import { moneyHandlers } from './support/money';
import { renderApp, settle } from './support/render';
import { axeViolations as audit } from './support/axe';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

function staff(may: StaffState['may']): StaffState {
  return StaffState.parse({
    enabled: true,
    members: [{ id: 'staff-1', name: '鈴木', role: 'staff', pinDigits: 4 }],
    unreadable: 0,
    signedIn: { id: 'staff-1', name: '鈴木', role: 'staff', pinDigits: 4 },
    may,
    permissions: { staff: [], manager: ['discount'] },
    idleLockMinutes: null,
    trainingPins: null,
  });
}

/** A fake desk keeping the list as the real one does (the same rules, ids made on add). */
function reasonsBridge(may: StaffState['may'] = ['discount', 'settings']) {
  let list: DiscountReasonEntry[] = [...DEFAULT_DISCOUNT_REASONS.reasons];
  let made = 0;
  return demoBridge({
    ...moneyHandlers().handlers,
    'staff.get': () => staff(may),
    'money.discountReasons': () => ({ reasons: list }),
    'money.saveDiscountReason': (draft) => {
      const problems = reasonDraftProblems(draft, list);
      if (problems.length) throw new Refusal('INVALID_INPUT', 'refused', problems);
      const reason = {
        ...draft,
        id: draft.id ?? `rnew-${++made}`,
        updatedAt: NOW,
        updatedBy: 'c1',
      };
      list = draft.id ? list.map((r) => (r.id === draft.id ? reason : r)) : [...list, reason];
      return { reasons: list };
    },
  });
}

async function openSetUp(lang: Lang = 'en') {
  const r = await renderApp(fake, { lang });
  await r.user.tap(screen.getByRole('button', { name: lang === 'en' ? 'Set-up' : '設定' }));
  const section = screen.getByRole('region', {
    name: lang === 'en' ? 'Reasons for a discount' : '割引の理由',
  });
  return { r, section: within(section) };
}

describe('the store’s reasons for a discount, in set-up', () => {
  it('a manager adds a reason, the rules said by the field before anything is sent', async () => {
    fake = reasonsBridge();
    const { r, section } = await openSetUp();
    expect(section.getAllByRole('row').map((row) => row.textContent)).toContain(
      'その他OtherRequiredOfferedChange',
    );
    await r.user.tap(section.getByRole('button', { name: 'Add a reason' }));
    // The first field has the focus: typed at once.
    const ja = section.getByLabelText('Japanese');
    expect(document.activeElement).toBe(ja);
    await r.user.type('  ');
    await r.user.fill(section.getByLabelText('English'), 'apology');
    await r.user.press('Enter', {});
    await r.user.tap(section.getByRole('button', { name: 'Save' }));
    expect(fake.callsOf('money.saveDiscountReason')).toEqual([]);
    expect(ja.getAttribute('aria-invalid')).toBe('true');
    // The keyboard is taken to the first field to correct.
    expect(document.activeElement).toBe(ja);
    expect(section.getByText('Type the reason.')).toBeTruthy();
    expect(section.getByText('Another reason already says this. Use other words.')).toBeTruthy();

    await r.user.fill(ja, '地元割');
    await r.user.fill(section.getByLabelText('English'), 'Locals');
    await r.user.tap(section.getByRole('checkbox', { name: /must write a note/ }));
    // Enter in a field saves, as a form does.
    ja.focus();
    await r.user.press('Enter');
    expect(fake.callsOf('money.saveDiscountReason')).toEqual([
      { id: null, words: { ja: '地元割', en: 'Locals' }, active: true, noteRequired: true },
    ]);
    expect(section.getByText('Saved.')).toBeTruthy();
    expect(document.activeElement).toBe(section.getByRole('button', { name: 'Add a reason' }));
    expect(section.getByRole('row', { name: /地元割/ }).textContent).toBe(
      '地元割LocalsRequiredOfferedChange',
    );
    // The walk-in and the on-site collection read the same list.
    expect(r.app.stores.money.getState().discountReasons.at(-1)!.id).toBe('rnew-1');
  });

  it('renames a reason and stops offering it; never deleted', async () => {
    fake = reasonsBridge();
    const { r, section } = await openSetUp();
    await r.user.tap(
      section.getByRole('button', { name: 'Change: キャンペーン・クーポン / Campaign / coupon' }),
    );
    await r.user.fill(section.getByLabelText('Japanese'), 'クーポン');
    await r.user.tap(section.getByRole('checkbox', { name: 'Offer it at the counter' }));
    await r.user.tap(section.getByRole('button', { name: 'Save' }));
    expect(fake.callsOf('money.saveDiscountReason').at(-1)).toEqual({
      id: 'promotion',
      words: { ja: 'クーポン', en: 'Campaign / coupon' },
      active: false,
      noteRequired: false,
    });
    expect(section.getByRole('row', { name: /クーポン/ }).textContent).toContain('Not offered');
    expect(section.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('a refusal of the desk is said by its field', async () => {
    fake = reasonsBridge();
    fake.handle('money.saveDiscountReason', () => {
      throw new Refusal('INVALID_INPUT', 'refused', [
        { field: 'words.en', code: 'DUPLICATE', reason: 'another reason says it' },
      ]);
    });
    const { r, section } = await openSetUp();
    await r.user.tap(section.getByRole('button', { name: 'Add a reason' }));
    await r.user.fill(section.getByLabelText('Japanese'), '雨天割');
    await r.user.fill(section.getByLabelText('English'), 'Rain');
    await r.user.tap(section.getByRole('button', { name: 'Save' }));
    expect(section.getByLabelText('English').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(section.getByLabelText('English'));
    expect(section.getByText('Another reason already says this. Use other words.')).toBeTruthy();
  });

  it('a reason changed at another counter is offered once the walk-in opens', async () => {
    fake = reasonsBridge();
    const r = await renderApp(fake);
    const elsewhere = {
      id: 'rother-1',
      words: { ja: '団体割', en: 'Group' },
      active: true,
      noteRequired: false,
      updatedAt: NOW,
      updatedBy: 'c2',
    };
    fake.handle('money.discountReasons', () => ({
      reasons: [...DEFAULT_DISCOUNT_REASONS.reasons, elsewhere],
    }));
    await act(async () => r.app.actions.startWalkIn());
    await settle();
    expect(r.app.stores.money.getState().discountReasons.at(-1)).toEqual(elsewhere);
  });

  it('staff without the permission see the list and why they cannot change it', async () => {
    fake = reasonsBridge(['close']);
    const { section } = await openSetUp();
    expect(section.getByText(/needs the discount permission/)).toBeTruthy();
    expect(section.getAllByRole('row')).toHaveLength(5);
    expect(section.queryByRole('button')).toBeNull();
  });
});

describe.each<Lang>(['ja', 'en'])('accessibility of the reasons in set-up (%s)', (lang) => {
  it('the list, the form with its problems, read-only: no violations', async () => {
    fake = reasonsBridge();
    const { r, section } = await openSetUp(lang);
    const found = await audit('list');
    await r.user.tap(
      section.getByRole('button', { name: lang === 'en' ? 'Add a reason' : '理由を追加' }),
    );
    await r.user.tap(section.getByRole('button', { name: lang === 'en' ? 'Save' : '保存' }));
    found.push(...(await audit('form with problems')));
    r.unmount();
    cleanup();
    fake = reasonsBridge([]);
    await openSetUp(lang);
    found.push(...(await audit('read-only')));
    expect(found).toEqual([]);
  });
});
