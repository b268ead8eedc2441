/**
 * The walk-in's last known prices on disk (decision J23): read back by a new instance (a restart),
 * the newest of a party wins, at most 100 kept (the oldest dropped, the file bounded), a price
 * that fails its schema dropped alone and logged, a file that cannot be read set aside and rebuilt
 * by the next price, training's in memory.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, silentLogger, type LogRecord } from '../../../main/api/index';
import { Files, confOpener } from '../../../main/local/files/files';
import { LAST_PRICES_KEPT, LastPrices } from '../../../main/local/index';
import { removeDir, tempDir } from '../support';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach(removeDir));

function files(root = tempDir()) {
  dirs.push(root);
  return new Files(root, confOpener(root), silentLogger);
}
const price = (productId: string, adults: number, subtotal: number, at = 1) => ({
  productId,
  adults,
  children: 0,
  currency: 'JPY',
  subtotal,
  at,
});

describe('the last known prices on disk', () => {
  it('are read back after a restart; the newest of a party wins', () => {
    const f = files();
    const prices = new LastPrices(f, silentLogger);
    prices.remember(price('p-1', 2, 10_000, 1));
    prices.remember(price('p-1', 3, 15_000, 2));
    prices.remember(price('p-1', 2, 11_000, 3));
    const again = new LastPrices(new Files(f.root, confOpener(f.root), silentLogger), silentLogger);
    expect(again.get({ productId: 'p-1', adults: 2, children: 0 })).toMatchObject({
      subtotal: 11_000,
      at: 3,
    });
    expect(again.get({ productId: 'p-1', adults: 3, children: 0 })?.subtotal).toBe(15_000);
    expect(again.get({ productId: 'p-2', adults: 2, children: 0 })).toBeNull();
  });

  it(`keeps at most ${LAST_PRICES_KEPT}, the oldest dropped, the file bounded`, () => {
    const f = files();
    const prices = new LastPrices(f, silentLogger);
    for (let i = 0; i < LAST_PRICES_KEPT + 20; i++) prices.remember(price(`p-${i}`, 1, 1_000 + i));
    const file = JSON.parse(readFileSync(path.join(f.root, 'prices', 'last.json'), 'utf8'));
    expect(file.prices).toHaveLength(LAST_PRICES_KEPT);
    const again = new LastPrices(new Files(f.root, confOpener(f.root), silentLogger), silentLogger);
    expect(again.get({ productId: 'p-0', adults: 1, children: 0 })).toBeNull();
    expect(again.get({ productId: 'p-19', adults: 1, children: 0 })).toBeNull();
    expect(again.get({ productId: 'p-20', adults: 1, children: 0 })?.subtotal).toBe(1_020);
    expect(again.get({ productId: 'p-119', adults: 1, children: 0 })?.subtotal).toBe(1_119);
  });

  it('a price that fails its schema is dropped alone and logged; the others stand', () => {
    const f = files();
    const logs: LogRecord[] = [];
    const logger = createLogger((r) => logs.push(r), 'debug');
    const dir = path.join(f.root, 'prices');
    new LastPrices(f, silentLogger).remember(price('p-1', 2, 10_000));
    const file = path.join(dir, 'last.json');
    const text = JSON.parse(readFileSync(file, 'utf8'));
    text.prices.push({ ...price('p-2', 2, 5_000), subtotal: -5 }, { guest: '山田' });
    writeFileSync(file, JSON.stringify(text));
    const again = new LastPrices(new Files(f.root, confOpener(f.root), logger), logger);
    expect(again.get({ productId: 'p-1', adults: 2, children: 0 })?.subtotal).toBe(10_000);
    expect(again.get({ productId: 'p-2', adults: 2, children: 0 })).toBeNull();
    expect(logs).toContainEqual(
      expect.objectContaining({ event: 'walkin.last_prices_unreadable', count: 2 }),
    );
  });

  it('a file that cannot be read is set aside, the prices start empty and the next one rebuilds it', () => {
    const f = files();
    const dir = path.join(f.root, 'prices');
    new LastPrices(f, silentLogger).remember(price('p-1', 2, 10_000));
    writeFileSync(path.join(dir, 'last.json'), 'not json {');
    const again = new LastPrices(new Files(f.root, confOpener(f.root), silentLogger), silentLogger);
    expect(again.get({ productId: 'p-1', adults: 2, children: 0 })).toBeNull();
    expect(readdirSync(dir).some((n) => n.startsWith('last.json.corrupt-'))).toBe(true);
    again.remember(price('p-3', 1, 3_000));
    expect(JSON.parse(readFileSync(path.join(dir, 'last.json'), 'utf8')).prices).toEqual([
      price('p-3', 1, 3_000),
    ]);
  });

  it('training keeps them in memory: no file', () => {
    const prices = new LastPrices(null, silentLogger);
    prices.remember(price('p-1', 2, 10_000));
    expect(prices.get({ productId: 'p-1', adults: 2, children: 0 })?.subtotal).toBe(10_000);
  });
});
