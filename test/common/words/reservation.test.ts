/**
 * A reservation's words: which word a service's status or payment method is read as (one rule
 * for the screen and paper), and the texts with values that the renderer turns into templates.
 */
import { describe, expect, it } from 'vitest';
import * as words from '../../../main/common/words/reservation';
import { paymentWordOf, statusWordOf } from '../../../main/common/words/reservation';

describe("a reservation's words", () => {
  it('reads the statuses the counter knows, either spelling of cancelled, and no other', () => {
    expect(['confirmed', 'pending', 'cancelled', 'canceled'].map(statusWordOf)).toEqual([
      'confirmed',
      'pending',
      'cancelled',
      'cancelled',
    ]);
    expect(['waitlisted', '', 'Confirmed'].map(statusWordOf)).toEqual([null, null, null]);
  });

  it("reads the service's payment methods (the card the booking site took), and no other", () => {
    expect(['on_site', 'external', 'card', 'credit_card'].map(paymentWordOf)).toEqual([
      'on_site',
      'external',
      'card',
      'card',
    ]);
    // The counter's tender methods are money's words, not these.
    expect(['cash', 'qr', '', 'ON_SITE'].map(paymentWordOf)).toEqual([null, null, null, null]);
  });

  it.each([
    ['ja', '来店済み（大人 2・子ども 1）', '2人目 Allergy: none', '代表者 Hotel: Kamo'],
    [
      'en',
      'Arrived (adults 2, children 1)',
      'Person 2 Allergy: none',
      'Representative Hotel: Kamo',
    ],
  ] as const)('says values in its phrases (%s)', (locale, counted, person, booker) => {
    const w = words[locale];
    expect(w.checkIn.counted(w.checkIn.arrived, 2, 1)).toBe(counted);
    expect(w.answer.person(2, 'Allergy', 'none')).toBe(person);
    expect(w.answer.booker('Hotel', 'Kamo')).toBe(booker);
    expect(w.status.other('waitlisted')).toContain('waitlisted');
    expect(w.payment.other('voucher')).toContain('voucher');
  });
});
