/**
 * The settings file across versions: a file written before the shop (issue 12) reads with the
 * shop's defaults and keeps everything else; a damaged shop part falls back to the defaults
 * instead of losing the key, the store and the language with it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../main/api/log';
import { SHOP_DEFAULTS, SettingsFile } from '../../main/desk/settings';
import { removeDir, tempDir } from '../local/support';

const BEFORE_THE_SHOP = {
  v: 1,
  mode: 'live',
  serviceUrl: 'https://api.example.com',
  storeId: 'st_kyoto',
  plan: 'standard',
  key: {
    organizationId: 'org_1',
    name: 'counter',
    scopes: ['reservations:read'],
    storeLimit: null,
  },
  store: { id: 'st_kyoto', name: '京都店' },
  locale: 'ja',
};

describe('the settings file', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach(removeDir));

  function fileWith(content: unknown): string {
    const dir = tempDir();
    dirs.push(dir);
    mkdirSync(path.join(dir, 'settings'), { recursive: true });
    writeFileSync(path.join(dir, 'settings', 'settings.json'), JSON.stringify(content));
    return dir;
  }
  const open = (dir: string) =>
    new SettingsFile(
      dir,
      createLogger(() => undefined, 'error'),
    );

  it('reads a file written before the shop: the shop’s defaults, the rest as saved', () => {
    const settings = open(fileWith(BEFORE_THE_SHOP));
    expect(settings.current).toEqual({
      ...BEFORE_THE_SHOP,
      dayLayout: 'rows',
      shop: SHOP_DEFAULTS,
    });
    expect(SHOP_DEFAULTS).toEqual({ counterName: null, sharing: true, peers: [], port: null });
  });

  it('keeps the shop’s settings across a restart', () => {
    const dir = fileWith(BEFORE_THE_SHOP);
    const shop = {
      counterName: '受付1',
      sharing: false,
      peers: ['192.168.1.12:47110'],
      port: 47_200,
    };
    open(dir).update({ shop });
    expect(
      JSON.parse(readFileSync(path.join(dir, 'settings', 'settings.json'), 'utf8')).shop,
    ).toEqual(shop);
    expect(open(dir).current.shop).toEqual(shop);
  });

  it('reads the defaults for a missing field of the shop', () => {
    const settings = open(fileWith({ ...BEFORE_THE_SHOP, shop: { counterName: '受付2' } }));
    expect(settings.current.shop).toEqual({ ...SHOP_DEFAULTS, counterName: '受付2' });
  });

  it.each([
    ['a name too long', { counterName: 'x'.repeat(41) }],
    ['a port out of range', { port: 70_000 }],
    ['not an object', 'on'],
  ])('falls back to the shop’s defaults for %s, keeping the key and the store', (_, shop) => {
    const settings = open(fileWith({ ...BEFORE_THE_SHOP, shop }));
    expect(settings.current).toEqual({
      ...BEFORE_THE_SHOP,
      dayLayout: 'rows',
      shop: SHOP_DEFAULTS,
    });
  });
});
