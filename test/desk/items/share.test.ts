/**
 * The catalogue of counter items shared between counters (issue 30) over an in-memory network: an
 * item a manager adds at one counter reaches the others' own files; two changes made apart settle
 * on the later one on both sides; an item of another shape in the shared doc is refused alone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ItemCatalogue } from '../../../main/desk/items/catalogue';
import { DEMO_ITEMS } from '../../../main/desk/items/demo';
import { CounterItem } from '../../../main/common/money';
import { SHARED_ITEMS } from '../../../main/desk/items/catalogue';
import { shareList } from '../../../main/desk/shared-list';
import { MemoryList } from '../../../main/local/index';
import { MemoryNetwork } from '../../support/memory-bus';
import { waitFor } from '../../support/wait';
import { openCounter, sendRaw, type TestCounter } from '../../shop/shared/counters';

const live: { counter: TestCounter; stop: () => void }[] = [];
afterEach(() => {
  for (const { counter, stop } of live.splice(0)) {
    stop();
    counter.state.close();
  }
});

const [umbrella, , , tea] = DEMO_ITEMS;

function counterWith(network: MemoryNetwork, id: string, now: () => number) {
  const counter = openCounter(network, id);
  const files = new MemoryList(CounterItem);
  const catalogue = new ItemCatalogue(files, () => id, now);
  live.push({ counter, stop: shareList(counter.state, SHARED_ITEMS, catalogue.list) });
  return { counter, catalogue, files };
}

const draft = (item: typeof umbrella) => {
  const { updatedAt: _u, updatedBy: _b, ...rest } = item!;
  return rest;
};

describe('the catalogue of counter items across counters', () => {
  it('reaches every counter, into its own files', async () => {
    const network = new MemoryNetwork();
    const a = counterWith(network, 'c1', () => 1_000);
    const b = counterWith(network, 'c2', () => 1_000);
    a.catalogue.save(draft(tea));
    await waitFor(() => b.catalogue.get(tea!.id) !== null, 'the item on the other counter');
    expect(b.files.entries().entries).toEqual([
      expect.objectContaining({ id: tea!.id, rate: 8, price: 150, updatedBy: 'c1' }),
    ]);
  });

  it('settles two changes made apart on the later one, on both sides', async () => {
    const network = new MemoryNetwork();
    const a = counterWith(network, 'c1', () => 2_000);
    const b = counterWith(network, 'c2', () => 1_000);
    a.catalogue.merge(umbrella!);
    b.catalogue.merge(umbrella!);
    network.partition(['c1'], ['c2']);
    a.catalogue.save({ ...draft(umbrella), price: 400 });
    b.catalogue.save({ ...draft(umbrella), price: 350 });
    network.heal();
    await waitFor(
      () =>
        a.catalogue.get(umbrella!.id)?.price === 400 &&
        b.catalogue.get(umbrella!.id)?.price === 400,
      'the later change on both',
    );
  });

  it('refuses an item of another shape alone: the others stand', async () => {
    const network = new MemoryNetwork();
    const a = counterWith(network, 'c1', () => 1_000);
    a.catalogue.save(draft(tea));
    const rogue = network.join('rogue');
    sendRaw(rogue, 'c1', (doc) => {
      doc
        .getMap('items')
        .set('x', { id: 'x', name: { ja: '酒', en: 'Sake' }, price: 500, rate: 5 });
      doc.getMap('items').set('y', { ...umbrella, id: 'z' });
    });
    await waitFor(
      () => a.counter.state.problems().filter((p) => p.area === 'items').length === 2,
      'both refused',
    );
    expect(a.catalogue.all().map((i) => i.id)).toEqual([tea!.id]);
  });
});
