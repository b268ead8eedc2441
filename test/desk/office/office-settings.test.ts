/** The office's settings part (AB24): kept and read back, forgotten as `{ v: 0 }`, never a secret. */
import { afterEach, expect, it } from 'vitest';
import { silentLogger } from '../../../main/api/index';
import { officeSettingsOf, saveOfficeSettings } from '../../../main/desk/office/office-settings';
import { SettingsFile } from '../../../main/desk/settings';
import { allFiles, removeDir, tempDir } from '../../local/support';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach(removeDir));

it('keeps the office, reads it back, and forgets it without setting a file aside', () => {
  const dir = tempDir();
  dirs.push(dir);
  const settings = new SettingsFile(dir, silentLogger);
  expect(officeSettingsOf(settings)).toBeNull();
  const office = {
    v: 1 as const,
    url: 'https://office.example.jp',
    caPem: '-----BEGIN CERTIFICATE-----\nAA==\n-----END CERTIFICATE-----\n',
    deviceId: 'device-1',
    organisation: { id: 'o', name: 'Org' },
    store: { id: 's', name: 'Store' },
    counter: { id: 'c', name: '受付1' },
    restore: null,
    enrolledAt: 1,
  };
  saveOfficeSettings(settings, office);
  expect(officeSettingsOf(new SettingsFile(dir, silentLogger))).toEqual(office);
  saveOfficeSettings(settings, null);
  expect(officeSettingsOf(new SettingsFile(dir, silentLogger))).toBeNull();
  expect(allFiles(dir).filter((f) => f.file.includes('.corrupt-'))).toEqual([]);
});
