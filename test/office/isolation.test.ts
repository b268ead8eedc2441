/** Tenant isolation on PGlite, over HTTP and in SQL (decision AB4); the same on PostgreSQL in postgres.test.ts. */
import { afterAll, beforeAll, it } from 'vitest';
import { startTestOffice, type TestOffice } from '../support/office';
import { httpIsolation, sqlIsolation, twoTenants } from './isolation-cases';

let office: TestOffice;
let tenants: Awaited<ReturnType<typeof twoTenants>>;
beforeAll(async () => {
  office = await startTestOffice();
  tenants = await twoTenants(office);
}, 120_000);
afterAll(() => office.stop());

it('a device or owner forging another tenant’s ids is refused or kept to its own', () =>
  httpIsolation(office, tenants));
it('the tenant role sees, changes and adds nothing of another tenant’s rows', () =>
  sqlIsolation(office, tenants));
