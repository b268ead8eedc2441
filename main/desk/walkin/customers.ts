/** Customer search for a walk-in (a returning customer's details, a repeat discount). */
import type { Response } from '../../ipc/contract';
import { whileOnline } from '../link';
import type { Session } from '../session';

/** Customers the service finds by e-mail; their e-mails are remembered in `emails` by id. */
export async function findCustomers(
  s: Session,
  email: string,
  emails: Map<string, string>,
): Promise<Response<'customers.find'>> {
  const found = await whileOnline(
    s,
    (signal) => s.client.searchCustomers(s.storeId, email, { lane: 'read', signal }),
    'customer search needs the service and the link is down',
  );
  for (const c of found) emails.set(c.id, c.email);
  return {
    customers: found.map((c) => ({
      id: c.id,
      name: [c.lastName, c.firstName].filter(Boolean).join(' '),
      email: c.email,
      phone: c.phone ?? null,
      visits: typeof c.reservationCount === 'number' ? c.reservationCount : 0,
    })),
  };
}
