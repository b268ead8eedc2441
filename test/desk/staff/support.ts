/**
 * Staff in the desk's tests (issue 29): a PIN hasher at the least cost (its calibration on a fake
 * clock where every hash is slow, so PINs are quick to make and check here), and the steps a
 * store's staff take through the router: the owner claimed with the key, members added, signed in.
 */
import { randomUUID } from 'node:crypto';
import type { StaffRole } from '../../../main/common/staff';
import { PinHasher } from '../../../main/desk/staff/pin';
import type { Request } from '../../../main/ipc/contract';
import { LATER, P, type Harness } from '../support';

/** Hashes at scrypt's least cost here (a fake clock calls every hash 1 s: the bound is taken). */
export function quickHasher(): PinHasher {
  let now = 0;
  return new PinHasher({
    run: async () => void (now += 1_000),
    now: () => now,
  });
}

export interface Staffed {
  owner: string;
  manager: string;
  staff: string;
}

export const PINS = { owner: '1234', manager: '5678', staff: '2468' } as const;

/** The owner claimed with the counter's key, then a manager and a member of staff added. */
export async function staffStore(h: Harness, apiKey: string): Promise<Staffed> {
  const claimed = await h.call('staff.claimOwner', { apiKey, name: 'オーナー', pin: PINS.owner });
  const owner = claimed.signedIn!.id;
  const add = (name: string, role: StaffRole, pin: string) =>
    h.call('staff.save', { id: null, name, role, pin, newCard: false });
  const manager = (await add('店長', 'manager', PINS.manager)).id;
  const staff = (await add('アルバイト', 'staff', PINS.staff)).id;
  return { owner, manager, staff };
}

export function signIn(h: Harness, memberId: string, pin: string) {
  return h.call('staff.signIn', { memberId, card: null, pin });
}

type Book = Request<'walkin.book'>;

/** A walk-in paid in cash, quoted first (the journal's sale). */
export async function sellCash(h: Harness, lastName: string) {
  const draft = {
    productId: P.apiTest,
    date: LATER,
    startTime: '10:00',
    adults: 2,
    children: 0,
    participants: [],
    customer: { lastName },
  } satisfies Partial<Book>;
  const { price } = await h.call('walkin.quote', draft);
  const total = price!.total;
  const outcome = await h.call('walkin.book', {
    ...draft,
    draftId: randomUUID(),
    sendConfirmationEmail: false,
    locale: 'ja',
    quoted: { total, currency: price!.currency },
    tender: { lines: [{ method: 'cash', amount: total, received: total }] },
  });
  return { outcome, total };
}
