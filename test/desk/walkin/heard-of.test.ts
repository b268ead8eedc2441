/** The trial shared setting: an answer added at one counter reaches the other through its part. */
import { afterEach, describe, expect, it } from 'vitest';
import type { DeskSession } from '../../../main/desk/desk-session';
import { Parts } from '../../../main/desk/parts';
import { heardOfAnswers } from '../../../main/desk/walkin/heard-of';
import type { ShopState } from '../../../main/shop/shared/shop-state';
import { MemoryNetwork } from '../../support/memory-bus';
import { waitFor } from '../../support/wait';
import { openCounter } from '../../shop/shared/counters';

const open: Parts<DeskSession, ShopState>[] = [];
afterEach(() => open.splice(0).forEach((p) => p.close()));

function counter(network: MemoryNetwork, id: string) {
  const { state } = openCounter(network, id);
  const parts = new Parts<DeskSession, ShopState>({ training: true } as DeskSession);
  parts.attach(state, [heardOfAnswers]);
  open.push(parts);
  return parts.get(heardOfAnswers);
}

describe('where guests heard of the store, shared', () => {
  it('reaches the other counter', async () => {
    const network = new MemoryNetwork();
    const a = counter(network, 'c1');
    const b = counter(network, 'c2');
    a.put({
      id: 'poster',
      words: { ja: 'ポスター', en: 'Poster' },
      active: true,
      updatedAt: 1,
      updatedBy: 'c1',
    });
    await waitFor(() => b.get('poster') !== null, 'the answer on the other counter');
    expect(b.get('poster')?.words.en).toBe('Poster');
  });
});
