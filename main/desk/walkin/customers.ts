/** Customer search for a walk-in (a returning customer's details, a repeat discount). */
import { NotFoundError, ResponseError } from '../../api/errors';
import type { Response } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import { whileOnline } from '../link';
import type { DeskSession } from '../desk-session';

/** Customers the service finds by e-mail; their e-mails are remembered in `emails` by id. */
export async function findCustomers(
  s: DeskSession,
  email: string,
  emails: Map<string, string>,
): Promise<Response<'customers.find'>> {
  const found = await whileOnline(
    s,
    (signal) => s.client.searchCustomers(s.storeId, email, { lane: 'read', signal }),
    'customer search needs the service and the link is down',
  ).catch((error: unknown) => {
    // The search's answer is not shown in the spec: a service without it (404 for the path, not
    // for the store) or with a shape we cannot read leaves staff to type the customer in.
    const missing = error instanceof NotFoundError && error.code !== 'STORE_NOT_FOUND';
    if (missing || (error instanceof ResponseError && error.problem === 'unexpected_shape'))
      throw new DeskError(
        'CUSTOMER_SEARCH_UNAVAILABLE',
        'this service offers no customer search the counter can read',
      );
    throw error;
  });
  for (const c of found) emails.set(c.id, c.email);
  return {
    customers: found.map((c) => ({
      id: c.id,
      name: [c.lastName, c.firstName].filter(Boolean).join(' ') || c.email,
      email: c.email,
      phone: c.phone ?? null,
      visits: typeof c.reservationCount === 'number' ? c.reservationCount : 0,
    })),
  };
}
