/**
 * Enrolment over real HTTPS (issue 40, AB24): the office's CA fetched once unverified and checked
 * against the code's pin — another office's CA is refused before the secret leaves the PC — then
 * every request with that CA pinned, whatever name its certificate says; a server whose
 * certificate another CA signed is not believed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrol, officeUrlOf } from '../../../main/desk/office/enrol';
import { OfficeError, pinnedTransport } from '../../../main/desk/office/transport';
import { DeviceMe } from '../../../office/protocol/wire';
import { makeCa, type TestCa } from './certs';
import { FakeOffice } from './fake-office';

let ours: TestCa;
let theirs: TestCa;
let office: FakeOffice;
let served: { url: string; close: () => Promise<void> };
let impostor: FakeOffice;
let impostorServed: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  ours = makeCa('Our Office CA');
  theirs = makeCa('Another CA');
  office = new FakeOffice();
  served = await office.listen(ours);
  impostor = new FakeOffice();
  impostorServed = await impostor.listen(theirs);
});
afterAll(async () => {
  await served.close();
  await impostorServed.close();
});

const input = (url: string, code: string) => ({
  url,
  code,
  counterId: 'counter-1',
  counterName: '受付1',
  reservationStore: 'store-kyoto',
});

describe('enrolment', () => {
  it('enrols with the CA pinned, whatever name the office’s certificate has', async () => {
    const { answer, caPem, url } = await enrol(input(served.url, office.code()));
    expect(url).toBe(served.url);
    expect(caPem).toBe(ours.caPem);
    expect(answer).toMatchObject({ counter: { id: 'counter-1' }, head: 0 });
    const sent = office.requests.find((r) => r.path === '/enrol')!;
    // What goes: the secret, the counter, the service's store — never an API key.
    expect(Object.keys(sent.body as object).sort()).toEqual([
      'counterId',
      'counterName',
      'reservationStore',
      'secret',
    ]);
  });

  it('refuses an office whose CA is not the code’s, before the secret is sent', async () => {
    const before = impostor.requests.length;
    await expect(enrol(input(impostorServed.url, office.code()))).rejects.toMatchObject({
      code: 'OFFICE_NOT_YOURS',
    });
    expect(impostor.requests.slice(before).map((r) => r.path)).toEqual(['/ca']);
  });

  it('does not believe a server another CA signed, once pinned', async () => {
    const pinned = pinnedTransport(impostorServed.url, ours.caPem);
    const refused = await pinned
      .request({ method: 'GET', path: '/device/me', credential: 'x' }, DeviceMe)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OfficeError);
    expect(refused).toMatchObject({ status: 0, code: 'network' });
  });

  it('reads the address staff type, https only, and refuses a code that is not one', async () => {
    expect(officeUrlOf('office.example.jp:8443/')).toBe('https://office.example.jp:8443');
    expect(() => officeUrlOf('http://office.example.jp')).toThrow(/https/);
    await expect(enrol(input(served.url, 'FD1-nope'))).rejects.toMatchObject({
      code: 'OFFICE_CODE_INVALID',
    });
  });
});
