/**
 * The shop's channels: this counter's name, sharing and peers, the counters present, and joining
 * by a code (`join.ts`). No
 * scope guards them (`FEATURE_OF` null): the shop is the counter's own business, like its
 * language; what the counters share is guarded where it is used.
 */
import type { ShopAnswer } from '../../ipc/contract';
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';
import { enterJoinCode, showJoinCode } from './join';
import { checkCounterName, checkPeers } from './shop-config';

function answer(ctx: DeskContext): ShopAnswer {
  const { shop } = ctx.settings.current;
  return {
    settings: {
      counterName: shop.counterName,
      hostName: ctx.counter.host,
      sharing: shop.sharing,
      peers: shop.peers,
      port: shop.port,
    },
    shop: ctx.sessions.status().shop,
  };
}

export function shopApp(
  ctx: DeskContext,
): HandlersOf<'shop.get' | 'shop.configure' | 'shop.join.show' | 'shop.join.enter'> {
  return {
    'shop.get': () => answer(ctx),
    'shop.configure': ({ counterName, sharing, peers }) => {
      // Both checked before anything is kept: a bad entry changes nothing.
      const name = checkCounterName(counterName);
      const kept = checkPeers(peers);
      const { shop } = ctx.settings.current;
      ctx.settings.update({ shop: { ...shop, counterName: name, sharing, peers: kept } });
      ctx.sessions.followShop();
      return answer(ctx);
    },
    'shop.join.show': () => showJoinCode(ctx),
    'shop.join.enter': async ({ code }) => {
      const joined = await enterJoinCode(ctx, code);
      return { ...answer(ctx), joined };
    },
  };
}
