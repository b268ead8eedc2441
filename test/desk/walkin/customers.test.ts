/**
 * Customer search when the service has none the counter can read (the spec shows the endpoint but
 * not its answer): staff are told to type the customer in, instead of an HTTP error.
 */
import { describe, expect, it } from 'vitest';
import { NotFoundError, ResponseError } from '../../../main/api/errors';
import type { Session } from '../../../main/desk/session';
import { findCustomers } from '../../../main/desk/walkin/customers';
import { DeskError } from '../../../main/ipc/errors';

function sessionWhoseSearch(fails: () => Error): Session {
  return {
    storeId: 'st_1',
    connectivity: { state: { link: 'online' }, on: () => () => undefined },
    client: { searchCustomers: () => Promise.reject(fails()) },
  } as unknown as Session;
}

const code = async (s: Session) =>
  findCustomers(s, 'a@example.jp', new Map()).then(
    () => 'found',
    (e: unknown) => (e instanceof DeskError ? e.code : (e as Error).name),
  );

describe('customer search the service does not offer', () => {
  it('a 404 for the path, or an answer of another shape: CUSTOMER_SEARCH_UNAVAILABLE', async () => {
    expect(
      await code(sessionWhoseSearch(() => new NotFoundError(404, 'HTTP_404', 'HTTP 404'))),
    ).toBe('CUSTOMER_SEARCH_UNAVAILABLE');
    expect(
      await code(sessionWhoseSearch(() => new NotFoundError(404, 'NOT_FOUND', 'no such endpoint'))),
    ).toBe('CUSTOMER_SEARCH_UNAVAILABLE');
    expect(
      await code(
        sessionWhoseSearch(() => new ResponseError('unexpected_shape', 200, 'unexpected answer')),
      ),
    ).toBe('CUSTOMER_SEARCH_UNAVAILABLE');
  });

  it('another store’s 404 and other failures stay what they are', async () => {
    expect(
      await code(sessionWhoseSearch(() => new NotFoundError(404, 'STORE_NOT_FOUND', 'no store'))),
    ).toBe('NotFoundError');
    expect(await code(sessionWhoseSearch(() => new ResponseError('not_json', 502, 'html')))).toBe(
      'ResponseError',
    );
  });
});
