/**
 * Joining a shop by a code (H13), as the desk does it. Showing: a one-time code of this shop
 * (the shop's `JoinHost`), with its QR code made here as SVG for set-up to show. Entering: only
 * on a counter set up live with the store's key (refused before anything is sent otherwise), the
 * code read, the showing counter asked over the code's own TLS connection, the addresses it gives
 * added to the peers, sharing on — so the counter meets the shop at once, with or without
 * multicast. The API key never goes to a peer: a counter is set up with its own copy first.
 */
import { MAX_PEERS, type JoinCodeShown } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import { parseJoinCode } from '../../shop/join/code';
import { JoinError, joinByCode, type JoinAddresses } from '../../shop/join/join';
import { shopSecrets } from '../../shop/mesh/keys';
import type { DeskPorts } from '../ports';
import { checkPeers } from './shop-config';
import { counterNameOf } from './shop-slot';

/** A code of this shop, its QR code, when it expires. */
export async function showJoinCode(ctx: Pick<DeskPorts, 'sessions'>): Promise<JoinCodeShown> {
  const { code, expiresAt } = await ctx.sessions.shop.showJoinCode();
  // Loaded when a code is first shown: nothing of it is on the start-up path (G11).
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  // Shown in the counter's time, as every time on screen is (H7); kept by the PC's own clock.
  return { code, qrSvg, expiresAt: expiresAt + ctx.sessions.time.offsetMs() };
}

const FAILURES: Record<JoinError['reason'], [string, string]> = {
  unreachable: ['JOIN_UNREACHABLE', 'the counter showing the code cannot be reached'],
  wrong_code: ['JOIN_CODE_WRONG', 'no counter shows this code'],
  bad_answer: ['JOIN_UNREACHABLE', 'the counter showing the code did not answer'],
  expired: ['JOIN_CODE_EXPIRED', 'the code has expired'],
  used: ['JOIN_CODE_USED', 'the code has been used'],
  not_set_up: ['JOIN_SET_UP_FIRST', 'set this counter up with the store’s API key first'],
  other_shop: ['JOIN_OTHER_SHOP', 'this counter is set up for another shop'],
};

/** This counter's shop tag when it is set up live on a store (the showing counter compares it). */
function ownTag(ctx: Pick<DeskPorts, 'settings' | 'secrets'>): string | null {
  const { mode, storeId } = ctx.settings.current;
  const key = ctx.secrets.read();
  return mode === 'live' && storeId && key ? shopSecrets(key, storeId).tag : null;
}

/** The addresses given that are addresses (one that is not is left out, alone). */
function addresses(given: readonly string[]): string[] {
  return given.flatMap((peer) => {
    try {
      return checkPeers([peer]);
    } catch {
      return [];
    }
  });
}

/** Joins the shop whose code this is; answers the name of the counter that showed it. */
export async function enterJoinCode(
  ctx: Pick<DeskPorts, 'settings' | 'secrets' | 'counter' | 'sessions' | 'logger'>,
  input: string,
): Promise<{ name: string }> {
  // Set up first (training or no key): nothing is sent, the code stays for when it is.
  const tag = ownTag(ctx);
  if (tag === null) throw new DeskError('JOIN_SET_UP_FIRST', FAILURES.not_set_up[1]);
  const code = parseJoinCode(input);
  if (!code) throw new DeskError('JOIN_CODE_INVALID', 'this is not a join code');
  const { settings, counter } = ctx;
  let joined: JoinAddresses;
  try {
    joined = await joinByCode(code, {
      counterId: counter.id,
      name: counterNameOf(settings.current, counter),
      tag,
    });
  } catch (error) {
    if (!(error instanceof JoinError)) throw error;
    const [errorCode, message] = FAILURES[error.reason];
    throw new DeskError(errorCode, message, [{ address: `${code.host}:${code.port}` }]);
  }
  ctx.logger.info('shop.join.joined', {});
  // The showing counter's addresses first, then those already listed, as many as are kept.
  const { shop } = settings.current;
  const peers = [...new Set([...addresses(joined.peers), ...shop.peers])].slice(0, MAX_PEERS);
  settings.update({ shop: { ...shop, sharing: true, peers } });
  ctx.sessions.followShop();
  return { name: joined.name };
}
