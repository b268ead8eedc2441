/**
 * The client's reading of answers whose shape the spec does not show: the customer search
 * (decision 28 is ours; a real service may answer otherwise).
 */
import { describe, expect, it } from 'vitest';
import { CustomerAnswer } from '../../main/api/answers';

const hanako = { id: 'cus_1', email: 'hanako@example.jp', lastName: '山田', firstName: '花子' };

describe('customer search answer', () => {
  it('reads the decided shape, a bare list, { customers } and { customer }', () => {
    const decided = {
      ...hanako,
      phone: null,
      reservationCount: 3,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    expect(CustomerAnswer.parse({ data: [decided] })).toEqual([decided]);
    expect(CustomerAnswer.parse([hanako])).toEqual([hanako]);
    expect(CustomerAnswer.parse({ customers: [hanako] })).toEqual([hanako]);
    expect(CustomerAnswer.parse({ customer: hanako })).toEqual([hanako]);
    expect(CustomerAnswer.parse({ customer: null })).toEqual([]);
    expect(CustomerAnswer.parse([])).toEqual([]);
  });

  it('needs an id and an e-mail; names, phone and count are optional', () => {
    expect(CustomerAnswer.parse([{ id: 'cus_2', email: 'x@example.jp' }])).toEqual([
      { id: 'cus_2', email: 'x@example.jp' },
    ]);
    for (const answer of [
      [{ email: 'x@example.jp' }],
      [{ id: 'cus_3' }],
      { results: [hanako] },
      'cus_1',
      null,
    ])
      expect(CustomerAnswer.safeParse(answer).success, JSON.stringify(answer)).toBe(false);
  });
});
