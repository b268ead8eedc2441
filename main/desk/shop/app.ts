/**
 * The shop's channels: this counter's name, sharing and peers, the counters present, and joining
 * by a code (`join.ts`). No scope guards them (decision U3): the shop is the counter's own
 * business, like its language; what the counters share is guarded where it is used. Changing them
 * is set-up's (the settings permission): a code hands the shop's key to the counter that uses it,
 * as the key itself is given.
 */
import type { ShopAnswer } from '../../ipc/contract';
import { channel, type ChannelsOf } from '../channel';
import type { DeskPorts } from '../ports';
import { enterJoinCode, showJoinCode } from './join';
import { checkCounterName, checkPeers } from './shop-config';

type ShopPorts = Pick<DeskPorts, 'settings' | 'sessions' | 'counter' | 'secrets' | 'logger'>;

function answer(ctx: ShopPorts): ShopAnswer {
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
  ctx: ShopPorts,
): ChannelsOf<'shop.get' | 'shop.configure' | 'shop.join.show' | 'shop.join.enter'> {
  return {
    'shop.get': channel({ scope: null, rule: 'open' }, () => answer(ctx)),
    'shop.configure': channel(
      { scope: null, rule: 'settings' },
      ({ counterName, sharing, peers }) => {
        // Both checked before anything is kept: a bad entry changes nothing.
        const name = checkCounterName(counterName);
        const kept = checkPeers(peers);
        const { shop } = ctx.settings.current;
        ctx.settings.update({ shop: { ...shop, counterName: name, sharing, peers: kept } });
        ctx.sessions.followShop();
        return answer(ctx);
      },
    ),
    'shop.join.show': channel({ scope: null, rule: 'settings' }, () => showJoinCode(ctx)),
    'shop.join.enter': channel({ scope: null, rule: 'settings' }, async ({ code }) => {
      const joined = await enterJoinCode(ctx, code);
      return { ...answer(ctx), joined };
    }),
  };
}
