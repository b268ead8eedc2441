/** The update's states as electron-updater's events move them, and how failures are told. */
import { describe, expect, it } from 'vitest';
import {
  initialUpdateStatus,
  nextUpdateStatus,
  updateErrorKind,
  type UpdateEvent,
} from '../../main/installed/update-state';

const run = (events: UpdateEvent[], start = initialUpdateStatus('1.0.0', null)) =>
  events.reduce(nextUpdateStatus, start);

describe('update states', () => {
  it('idle → checking → up to date', () => {
    expect(run([{ type: 'checking' }, { type: 'up_to_date', at: 5 }])).toMatchObject({
      phase: 'up_to_date',
      checkedAt: 5,
      version: null,
    });
  });

  it('checking → downloading with progress → ready', () => {
    const s = run([
      { type: 'checking' },
      { type: 'available', version: '1.1.0', at: 7 },
      { type: 'progress', percent: 41.6 },
    ]);
    expect(s).toMatchObject({ phase: 'downloading', version: '1.1.0', percent: 42, checkedAt: 7 });
    expect(run([{ type: 'downloaded', version: '1.1.0' }], s)).toMatchObject({
      phase: 'ready',
      version: '1.1.0',
      percent: 100,
    });
  });

  it('a ready update stays ready through later checks, failed ones too', () => {
    const ready = run([
      { type: 'available', version: '1.1.0', at: 1 },
      { type: 'downloaded', version: '1.1.0' },
    ]);
    expect(run([{ type: 'checking' }], ready).phase).toBe('ready');
    expect(run([{ type: 'up_to_date', at: 9 }], ready)).toMatchObject({
      phase: 'ready',
      checkedAt: 9,
    });
    expect(run([{ type: 'available', version: '1.1.0', at: 9 }], ready).phase).toBe('ready');
    expect(run([{ type: 'failed', error: 'network', at: 9 }], ready)).toMatchObject({
      phase: 'ready',
      error: 'network',
    });
    // A newer one found meanwhile is downloaded in its place.
    expect(run([{ type: 'available', version: '1.2.0', at: 9 }], ready)).toMatchObject({
      phase: 'downloading',
      version: '1.2.0',
    });
  });

  it('a failure: error, and the next check starts afresh', () => {
    const failed = run([{ type: 'checking' }, { type: 'failed', error: 'signature', at: 3 }]);
    expect(failed).toMatchObject({ phase: 'error', error: 'signature' });
    expect(run([{ type: 'checking' }, { type: 'up_to_date', at: 4 }], failed)).toMatchObject({
      phase: 'up_to_date',
      error: null,
    });
  });

  it('installing only from ready, and back to ready when the install did not happen', () => {
    expect(run([{ type: 'installing' }]).phase).toBe('idle');
    const ready = run([{ type: 'downloaded', version: '1.1.0' }]);
    const installing = run([{ type: 'installing' }], ready);
    expect(installing.phase).toBe('installing');
    expect(run([{ type: 'install_abandoned' }], installing).phase).toBe('ready');
  });

  it('progress outside a download is ignored; percent is kept within 0–100', () => {
    expect(run([{ type: 'progress', percent: 50 }]).percent).toBeNull();
    expect(
      run([
        { type: 'available', version: '2', at: 1 },
        { type: 'progress', percent: 140 },
      ]).percent,
    ).toBe(100);
  });

  it('unavailable stays unavailable', () => {
    const off = initialUpdateStatus('1.0.0', 'not_configured');
    expect(off).toMatchObject({ phase: 'unavailable', unavailable: 'not_configured' });
    expect(run([{ type: 'checking' }, { type: 'downloaded', version: '2' }], off)).toBe(off);
  });
});

describe('failures as staff are told them', () => {
  it('never the raw message: network, signature or other', () => {
    expect(
      updateErrorKind(Object.assign(new Error('getaddrinfo ENOTFOUND updates.example'), {})),
    ).toBe('network');
    expect(updateErrorKind(new Error('net::ERR_INTERNET_DISCONNECTED'))).toBe('network');
    expect(updateErrorKind(new Error('HttpError: 404 Not Found'))).toBe('network');
    expect(
      updateErrorKind(
        Object.assign(new Error('sha512 checksum mismatch'), { code: 'ERR_CHECKSUM_MISMATCH' }),
      ),
    ).toBe('signature');
    expect(updateErrorKind(new Error('New version 2 is not signed by the application owner'))).toBe(
      'signature',
    );
    expect(updateErrorKind(new Error('Could not get code signature for running application'))).toBe(
      'signature',
    );
    expect(updateErrorKind(new Error('disk full'))).toBe('other');
    expect(updateErrorKind('weird')).toBe('other');
  });
});
