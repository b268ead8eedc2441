// @vitest-environment happy-dom
/**
 * The head office in the renderer (issue 40): the status bar's words — how many records wait and
 * how old the last acknowledgement is, in Japanese and English, with a warning look and what to
 * do when something is wrong — and set-up's enrolment form (the address and the code sent, the
 * office's refusal said plainly), the enrolled view and the check's differences.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { OfficeStatus, OfficeView } from '../../main/ipc/contract';
import { createFormat } from '../../renderer/src/format/format';
import { ja } from '../../renderer/src/i18n/catalogue';
import { en } from '../../renderer/src/i18n/en';
import { officeBar } from '../../renderer/src/screens/status/OfficeBadge';
import { Refusal, type FakeBridge } from './support/fakeBridge';
import { demoBridge, NOW, status } from './support/fixtures';
import { renderApp } from './support/render';

let fake: FakeBridge | null = null;
afterEach(() => {
  cleanup();
  expect(fake?.violations ?? []).toEqual([]);
  fake = null;
});

const office = (over: Partial<OfficeStatus> = {}): OfficeStatus => ({
  pending: 12,
  lastAckAt: NOW - 3 * 60_000,
  stale: false,
  damaged: 0,
  stopped: null,
  failures: 0,
  restore: null,
  ...over,
});

async function tIn(lang: 'ja' | 'en') {
  const i = i18next.createInstance();
  await i.init({ lng: lang, resources: { [lang]: { translation: lang === 'ja' ? ja : en } } });
  return i.t.bind(i);
}

describe('the status bar’s office', () => {
  it('says how many wait and how old the last acknowledgement is', async () => {
    const tJa = await tIn('ja');
    const fmtJa = createFormat('ja', 'Asia/Tokyo', 'JPY');
    expect(officeBar(office(), NOW, tJa, fmtJa)).toEqual({
      text: '事務所: 送信待ち 12件 · 最終確認 3 分前',
      problem: null,
      warn: false,
    });
    const tEn = await tIn('en');
    const fmtEn = createFormat('en', 'Asia/Tokyo', 'JPY');
    expect(officeBar(office({ pending: 0 }), NOW, tEn, fmtEn).text).toBe(
      'Office: all sent · last confirmed 3 minutes ago',
    );
    expect(officeBar(office({ lastAckAt: null }), NOW, tEn, fmtEn).text).toBe(
      'Office: 12 to send · not confirmed yet',
    );
  });

  it('warns, and says what to do, when something is wrong', async () => {
    const t = await tIn('en');
    const fmt = createFormat('en', 'Asia/Tokyo', 'JPY');
    const bar = (over: Partial<OfficeStatus>) => officeBar(office(over), NOW, t, fmt);
    expect(bar({ stale: true })).toMatchObject({
      warn: true,
      problem: expect.stringMatching(/not answered/),
    });
    expect(bar({ stopped: 'revoked' }).problem).toMatch(/Enrol it again/);
    expect(bar({ damaged: 2 }).problem).toMatch(/2 unreadable records/);
    expect(bar({ restore: { through: 3, head: 10, problem: null } }).problem).toMatch(/3 \/ 10/);
  });

  it('is in the bar when the counter is enrolled, with the warning look', async () => {
    fake = demoBridge({ 'status.get': () => status({ office: office({ stale: true }) }) });
    await renderApp(fake);
    const badge = await screen.findByRole('status', { name: 'Sending to the office' });
    expect(badge.textContent).toMatch(/Office: 12 to send · last confirmed 3 minutes ago/);
    expect(badge.className).toContain('attention');
  });
});

const ENROLLED: OfficeView = {
  enrolled: true,
  training: false,
  url: 'https://office.example.jp',
  organisation: '京都体験株式会社',
  store: '京都本店',
  counter: '受付1',
  enrolledAt: NOW - 86_400_000,
  status: office({ pending: 0 }),
  damaged: [],
};
const NOT_ENROLLED: OfficeView = {
  enrolled: false,
  training: false,
  url: null,
  organisation: null,
  store: null,
  counter: null,
  enrolledAt: null,
  status: null,
  damaged: [],
};

describe('set-up’s office', () => {
  it('enrols with the address and the code; an office that is not yours is said plainly', async () => {
    let refuse = true;
    fake = demoBridge({
      'office.get': () => NOT_ENROLLED,
      'office.enrol': () => {
        if (refuse) throw new Refusal('OFFICE_NOT_YOURS');
        return ENROLLED;
      },
    });
    const r = await renderApp(fake);
    await r.user.tap(screen.getByRole('button', { name: 'Set-up' }));
    await r.user.fill(await screen.findByLabelText('Office address'), 'office.example.jp');
    await r.user.fill(
      screen.getByLabelText('Enrolment code'),
      'FD1-ABCDEFGHIJKLMNOPQRST-00112233445566778899aabbccddeeff',
    );
    await r.user.tap(screen.getByRole('button', { name: 'Enrol' }));
    expect(fake.callsOf('office.enrol')).toEqual([
      {
        url: 'office.example.jp',
        code: 'FD1-ABCDEFGHIJKLMNOPQRST-00112233445566778899aabbccddeeff',
      },
    ]);
    await screen.findByText(/This is not your office: its certificate does not match the code/);
    refuse = false;
    await r.user.tap(screen.getByRole('button', { name: 'Enrol' }));
    await screen.findByText('Enrolled with 京都体験株式会社, 京都本店, as “受付1”');
  });

  it('checks against the office and lists each day that differs', async () => {
    fake = demoBridge({
      'office.get': () => ENROLLED,
      'office.check': () => ({
        from: '2026-12-01',
        to: '2026-12-07',
        days: 7,
        differences: [
          {
            businessDate: '2026-12-06',
            counter: { count: 3, sum: 12_000 },
            office: { count: 2, sum: 8_000 },
            pending: 1,
          },
        ],
        checkedAt: NOW,
      }),
    });
    const r = await renderApp(fake);
    await r.user.tap(screen.getByRole('button', { name: 'Set-up' }));
    await r.user.tap(await screen.findByRole('button', { name: 'Check' }));
    await waitFor(() => expect(screen.getByText('1 days do not match.')).toBeTruthy());
    const row = screen.getByRole('row', { name: /2026-12-06/ });
    expect(row.textContent).toMatch(/3 records ¥12,000/);
    expect(row.textContent).toMatch(/2 records ¥8,000/);
    expect(row.textContent).toMatch(/1 not sent yet/);
  });

  it('lists the entries this PC could not read, for staff to tell the owner', async () => {
    fake = demoBridge({
      'office.get': () => ({
        ...ENROLLED,
        damaged: [
          {
            seq: 41,
            stream: 'journal',
            businessDate: '2026-12-05',
            kind: 'sale',
            amount: 8000,
            problem: 'corrupt',
          },
        ],
      }),
    });
    const r = await renderApp(fake);
    await r.user.tap(screen.getByRole('button', { name: 'Set-up' }));
    await screen.findByText('#41 2026-12-05 sale ¥8,000 (corrupt)');
  });
});
