// @vitest-environment happy-dom
/**
 * The damage banner (issue 11): what the counter lost or set aside, when, and what to do, in
 * English and Japanese, until staff acknowledge it; a set-aside outbox file never reads as
 * "nothing waiting".
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DamageNotice } from '../../main/ipc/contract';
import type { FakeBridge } from './support/fakeBridge';
import { demoBridge, NOW, status, TODAY } from './support/fixtures';
import { renderApp, settle } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

const notice = (over: Partial<DamageNotice>): DamageNotice => ({
  id: 'd-1',
  kind: 'checkins_lost',
  at: NOW - 10 * 60_000,
  lastAt: NOW - 10 * 60_000,
  count: 1,
  date: TODAY,
  reference: null,
  ...over,
});

function withDamage(damage: DamageNotice[]) {
  let open = damage;
  return demoBridge({
    'status.get': () => status({ damage: open }),
    'status.acknowledgeDamage': ({ id }) => {
      open = open.filter((d) => d.id !== id);
      return { damage: open };
    },
  });
}

const banner = () => screen.queryByRole('region', { name: 'Data the counter lost or set aside' });
const bar = () => screen.getByRole('contentinfo', { name: 'Connection and sync' });

describe('damage banner', () => {
  it('is not there when nothing was lost', async () => {
    fake = demoBridge();
    await renderApp(fake);
    expect(banner()).toBeNull();
  });

  it('says what was lost, when and what to do; staff acknowledge it and it goes', async () => {
    fake = withDamage([
      notice({ id: 'd-1', kind: 'checkins_lost', count: 2 }),
      notice({ id: 'd-2', kind: 'key_changed', date: null }),
    ]);
    await renderApp(fake);
    const alerts = within(banner()!).getAllByRole('alert');
    expect(alerts).toHaveLength(2);
    expect(alerts[0]!.textContent).toContain('2 check-in record(s) of');
    expect(alerts[0]!.textContent).toContain('(since 09:50)');
    expect(alerts[0]!.textContent).toContain('record again the arrivals');
    expect(alerts[1]!.textContent).toContain('Set-up and check-ins are kept');

    fireEvent.click(within(alerts[0]!).getByRole('button', { name: /Understood/ }));
    await settle();
    expect(fake.callsOf('status.acknowledgeDamage')).toEqual([{ id: 'd-1' }]);
    expect(within(banner()!).getAllByRole('alert')).toHaveLength(1);
    fireEvent.click(within(banner()!).getByRole('button', { name: /Understood/ }));
    await settle();
    expect(banner()).toBeNull();
  });

  it("records the service sent that cannot be read: named by id, to look up in the service's admin", async () => {
    fake = withDamage([
      notice({
        kind: 'service_records_unreadable',
        count: 2,
        date: null,
        reference: 'rsv_a, rsv_b',
      }),
    ]);
    await renderApp(fake);
    const text = within(banner()!).getByRole('alert').textContent;
    expect(text).toContain('2 reservation(s) the service sent could not be read');
    expect(text).toContain('(ids: rsv_a, rsv_b)');
  });

  it('an outbox file set aside: walk-ins may be in it; the counter never reads as just "0 waiting"', async () => {
    fake = withDamage([notice({ kind: 'outbox_set_aside', date: null })]);
    await renderApp(fake);
    expect(within(banner()!).getByRole('alert').textContent).toMatch(
      /may NOT have been booked.*check that each walk-in taken here since 09:50 has a booking/,
    );
    const outbox = within(bar()).getByRole('button', { name: /^Queue:/ });
    expect(outbox.textContent).toContain('more set aside (see above)');
    expect(outbox.className).toContain('attention');
    // A status pushed later without the damage (acknowledged elsewhere): back to the plain count.
    act(() => fake.emit('status.changed', status()));
    expect(within(bar()).getByRole('button', { name: /^Queue:/ }).textContent).not.toContain(
      'set aside',
    );
    expect(banner()).toBeNull();
  });

  it('in Japanese', async () => {
    fake = withDamage([notice({ kind: 'outbox_set_aside', date: null })]);
    await renderApp(fake, { lang: 'ja' });
    const region = screen.getByRole('region', { name: '読めなくなった・退避したデータ' });
    expect(region.textContent).toContain('送信待ちのウォークインのファイルが読めなくなり');
    expect(region.textContent).toContain('確認しました');
  });
});
