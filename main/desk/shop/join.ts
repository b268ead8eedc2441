/**
 * Joining a shop by a code (H13), as the desk does it. Showing: a one-time code of this shop
 * (the shop's `JoinHost`), with its QR code made here as SVG for set-up to show. Entering: the
 * code read, the showing counter asked over the code's own TLS connection, and what it gives
 * applied through set-up's own path — the key checked with the service and saved in the secret
 * store as if pasted (`saveKey`), the addresses added to the peers, sharing on — so the new
 * counter meets the shop at once, with or without multicast.
 */
import { MAX_PEERS, type JoinCodeShown } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import { parseJoinCode } from '../../shop/join/code';
import { JoinError, joinByCode, type Welcome } from '../../shop/join/join';
import { shopSecrets } from '../../shop/mesh/keys';
import type { DeskContext } from '../context';
import { saveKey } from '../setup/setup';
import { checkPeers } from './shop-config';
import { counterNameOf } from './shop-slot';

/** A code of this shop, its QR code, when it expires. */
export async function showJoinCode(ctx: DeskContext): Promise<JoinCodeShown> {
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
  other_shop: ['JOIN_OTHER_SHOP', 'this counter is set up for another shop'],
};

/** This counter's shop tag when it is set up on a store (the showing counter compares it). */
function ownTag(ctx: DeskContext): string | null {
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
export async function enterJoinCode(ctx: DeskContext, input: string): Promise<{ name: string }> {
  const code = parseJoinCode(input);
  if (!code) throw new DeskError('JOIN_CODE_INVALID', 'this is not a join code');
  const { settings, counter } = ctx;
  let welcome: Welcome;
  try {
    welcome = await joinByCode(code, {
      counterId: counter.id,
      name: counterNameOf(settings.current, counter),
      tag: ownTag(ctx),
    });
  } catch (error) {
    if (!(error instanceof JoinError)) throw error;
    const [errorCode, message] = FAILURES[error.reason];
    throw new DeskError(errorCode, message, [{ address: `${code.host}:${code.port}` }]);
  }
  // Said here too, whatever the other end answers: a code shown by a counter of another shop
  // (or by anyone) never replaces the key this counter works with.
  if (welcome.type === 'welcome' && ownTag(ctx) !== null)
    throw new DeskError('JOIN_OTHER_SHOP', FAILURES.other_shop[1]);
  ctx.logger.info('shop.join.joined', { outcome: welcome.type });
  if (welcome.type === 'welcome') await saveKey(ctx, { ...welcome.offer });
  // The showing counter's addresses first, then those already listed, as many as are kept.
  const { shop } = settings.current;
  const peers = [...new Set([...addresses(welcome.peers), ...shop.peers])].slice(0, MAX_PEERS);
  settings.update({ shop: { ...shop, sharing: true, peers } });
  ctx.sessions.followShop();
  return { name: welcome.name };
}
