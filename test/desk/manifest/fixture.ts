/**
 * A day whose every value from the service tries to be markup or a formula: two slots of one
 * product, an active party with answers (one asked of the representative only), a cancelled one,
 * one partly checked in, one of a status and payment method the counter has no word for.
 */
import type { ManifestRequest, ReservationView } from '../../../main/ipc/contract';
import type { FullDay } from '../../../main/desk/day/screen';
import { manifestViewOf, type ManifestView } from '../../../main/desk/manifest/view';

export function reservation(overrides: Partial<ReservationView>): ReservationView {
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

export const day: FullDay = {
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
              phone: '090-1111-2222',
              email: 'taro@example.jp',
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
            reservation({
              id: 'r2',
              number: 'R-0002',
              customerName: 'Cancelled Person',
              status: 'cancelled',
              active: false,
            }),
            reservation({
              id: 'r3',
              number: 'R-0003',
              customerName: 'Checked In',
              paymentMethod: 'external',
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
    {
      id: 'p2',
      name: '=Kayak',
      isPublished: true,
      approvalType: 'manual',
      dayStatus: 'open',
      availabilityFetchedAt: null,
      slots: [
        {
          startTime: '15:30',
          endTime: '17:00',
          capacity: 6,
          remaining: 4,
          bookable: true,
          booked: { adults: 2, children: 0 },
          heldByQueued: [],
          reservations: [
            reservation({
              id: 'r4',
              number: null,
              customerName: '=HYPERLINK("http://x")',
              status: 'waitlisted',
              paymentMethod: 'credit_card',
              productId: 'p2',
              startTime: '15:30',
              children: 0,
              answers: [
                // The same id as the tea's allergy field under another label: its own column.
                {
                  participantNumber: 1,
                  fieldId: 'f',
                  label: 'Shoe size',
                  value: '26',
                  bookerOnly: false,
                },
                {
                  participantNumber: 1,
                  fieldId: 'h',
                  label: 'Hotel',
                  value: 'Hoshi',
                  bookerOnly: true,
                },
              ],
            }),
          ],
        },
      ],
    },
  ],
  pendingApprovals: [],
  syncedAt: Date.UTC(2026, 3, 1, 0, 30),
  incomplete: false,
};

export const NOW = Date.UTC(2026, 3, 1, 1, 0);
export const TEA_10 = { productId: 'p1', startTime: '10:00' };

export function viewOf(asked: ManifestRequest['slot'], training = false): ManifestView {
  return manifestViewOf(day, asked, { training, now: NOW });
}
