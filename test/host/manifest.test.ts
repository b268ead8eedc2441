/**
 * The printed manifest: customer text cannot become markup, no script can run in it, one slot
 * or the whole day, in Japanese or English.
 */
import { describe, expect, it } from 'vitest';
import type { DayView, ReservationView } from '../../main/ipc/contract';
import { escapeHtml } from '../../main/common/html';
import { buildManifestHtml } from '../../main/host/manifest';

function reservation(overrides: Partial<ReservationView>): ReservationView {
  return {
    id: 'r1',
    number: 'R-0001',
    status: 'confirmed',
    active: true,
    customerName: '山田 花子',
    email: null,
    phone: null,
    adults: 2,
    children: 1,
    paymentMethod: 'on_site',
    productId: 'p1',
    productName: 'Tea',
    date: '2026-04-01',
    startTime: '10:00',
    endTime: '11:00',
    totalAmount: 9000,
    currency: 'JPY',
    answers: [],
    checkIn: null,
    checkInConflict: null,
    ...overrides,
  };
}

const day: DayView = {
  date: '2026-04-01',
  today: '2026-04-01',
  store: {
    id: 's1',
    name: 'Kyoto <Arashiyama>',
    timeZone: 'Asia/Tokyo',
    currency: 'JPY',
    acceptsOnSite: true,
  },
  products: [
    {
      id: 'p1',
      name: 'Tea & <b>ceremony</b>',
      isPublished: true,
      approvalType: 'instant',
      dayStatus: 'open',
      availabilityFetchedAt: null,
      slots: [
        {
          startTime: '10:00',
          endTime: '11:00',
          capacity: 10,
          remaining: 5,
          bookable: true,
          booked: { adults: 4, children: 1 },
          heldByQueued: [],
          reservations: [
            reservation({
              customerName: '<img src=x onerror=alert(1)>',
              answers: [
                {
                  participantNumber: 1,
                  fieldId: 'f',
                  label: 'Allergy',
                  value: '"nuts" & <eggs>',
                  bookerOnly: false,
                },
                {
                  participantNumber: 2,
                  fieldId: 'f',
                  label: 'Allergy',
                  value: 'none',
                  bookerOnly: false,
                },
                // Asked of the representative only.
                {
                  participantNumber: 1,
                  fieldId: 'h',
                  label: 'Hotel',
                  value: 'Kamo',
                  bookerOnly: true,
                },
              ],
            }),
            reservation({ id: 'r2', customerName: 'Cancelled Person', active: false }),
            reservation({
              id: 'r3',
              customerName: 'Checked In',
              checkIn: {
                state: 'partial',
                adults: 1,
                children: 0,
                at: 0,
                offline: false,
                counterName: '受付1',
                eventId: 'e-r3',
              },
            }),
          ],
        },
        {
          startTime: '14:00',
          endTime: null,
          capacity: null,
          remaining: null,
          bookable: true,
          booked: { adults: 0, children: 0 },
          heldByQueued: [],
          reservations: [],
        },
      ],
    },
  ],
  pendingApprovals: [],
  syncedAt: Date.UTC(2026, 3, 1, 0, 30),
  incomplete: false,
};

const now = Date.UTC(2026, 3, 1, 1, 0);

describe('manifest', () => {
  it('escapes every value from the service', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
    const html = buildManifestHtml(day, {}, { locale: 'en', training: false, now });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>ceremony');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Tea &amp; &lt;b&gt;ceremony&lt;/b&gt;');
    expect(html).toContain('Allergy: &quot;nuts&quot; &amp; &lt;eggs&gt;');
    expect(html).toContain('Kyoto &lt;Arashiyama&gt;');
  });

  it('has no script and a CSP that forbids one', () => {
    const html = buildManifestHtml(day, {}, { locale: 'ja', training: true, now });
    expect(html).not.toMatch(/<script/i);
    expect(html).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;/,
    );
    expect(html).toContain('トレーニング');
  });

  it('lists the active reservations of one slot, or of the day', () => {
    const one = buildManifestHtml(
      day,
      { productId: 'p1', startTime: '10:00' },
      { locale: 'en', training: false, now },
    );
    expect(one).toContain('Checked In');
    expect(one).toContain('Partly arrived (1/0)');
    expect(one).not.toContain('Cancelled Person');
    expect(one).not.toContain('14:00');
    const all = buildManifestHtml(day, {}, { locale: 'ja', training: false, now });
    expect(all).toContain('10:00–11:00');
    expect(all).toContain('14:00');
    expect(all).toContain('予約はありません');
    expect(all).toContain('2026/04/01 10:00');
  });

  it("labels a booker-only answer as the representative's", () => {
    const en = buildManifestHtml(day, {}, { locale: 'en', training: false, now });
    expect(en).toContain('Representative Hotel: Kamo');
    expect(en).toContain('#2 Allergy: none');
    const ja = buildManifestHtml(day, {}, { locale: 'ja', training: false, now });
    expect(ja).toContain('代表者 Hotel: Kamo');
  });

  it('refuses a slot that is not there', () => {
    expect(() =>
      buildManifestHtml(
        day,
        { productId: 'p1', startTime: '09:00' },
        { locale: 'en', training: false, now },
      ),
    ).toThrow(expect.objectContaining({ code: 'SLOT_NOT_FOUND' }));
    expect(() =>
      buildManifestHtml(day, { productId: 'nope' }, { locale: 'en', training: false, now }),
    ).toThrow(expect.objectContaining({ code: 'SLOT_NOT_FOUND' }));
  });
});
