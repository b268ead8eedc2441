/**
 * Once per shop (issue 27, decision I6): before a counter takes money for a booking paid on site
 * it claims the booking, and asks every counter present whether one of them claimed it too. A
 * claim is told to each present counter as a question (`ShopRpc`) whose answer carries the
 * claims it knew of: two counters claiming at the same moment both end up knowing both claims
 * (each sends its own before it answers the other's, over one ordered connection), and the same
 * rule picks the same one — the earliest by (at, counter id, id) — on both. A counter that sees
 * another's live claim does not claim at all. A counter that does not answer (cut off, gone) is
 * not waited for: money is still taken, and a double collection is found when they meet again
 * (the shared list of collections, `shared/`). Claims live in memory only and end when the money
 * is taken, staff give up, the claiming counter leaves, or after `ttlMs`.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { Id } from '../common/primitives';
import { CounterId, type ShopBus } from './bus';
import { method, ShopRpcError, type ShopRpc } from './rpc';

export const Claim = z.strictObject({
  id: z.string().min(1).max(100),
  reservationId: Id,
  counterId: CounterId,
  counterName: z.string().min(1).max(100),
  /** The claiming counter's clock (epoch ms): the order two claims are decided in. */
  at: z.number().int().min(0),
});
export type Claim = z.infer<typeof Claim>;

/** A claim told to a counter; the answer is the claims it knew of for the booking. */
export const claimBooking = method(
  'onsite.claim',
  Claim,
  z.object({ claims: z.array(Claim).max(20) }),
);

/** Pushed when a counter ends its claim (money taken, or staff gave up). */
export const CLAIM_ENDED = 'onsite.claim_ended';
const ClaimEnded = z.object({ reservationId: Id, id: z.string().min(1).max(100) });

export type ClaimOutcome =
  | {
      granted: true;
      claim: Claim;
      /** Present counters that did not answer in time: a double collection is possible. */
      unanswered: CounterId[];
    }
  | { granted: false; heldBy: Claim };

export interface ClaimsOptions {
  bus: ShopBus;
  rpc: ShopRpc;
  /** This counter's name as staff chose it. */
  name: () => string;
  now?: () => number;
  /** A claim not ended lapses after this long (our clock): 5 minutes. */
  ttlMs?: number;
  /** How long a counter's answer is waited for (3 s: a counter present but busy answers late). */
  answerMs?: number;
  /** Claims of this booking changed (for the screens). */
  onChange?: (reservationId: string) => void;
}

/** The claim that wins among several: the earliest, then the lower counter id, then the id. */
export function firstClaim(claims: readonly Claim[]): Claim | null {
  let first: Claim | null = null;
  for (const c of claims)
    if (
      !first ||
      c.at < first.at ||
      (c.at === first.at &&
        (c.counterId < first.counterId || (c.counterId === first.counterId && c.id < first.id)))
    )
      first = c;
  return first;
}

export class Claims {
  /** Reservation → counter id → its claim and when we heard of it (our clock). */
  private readonly known = new Map<string, Map<CounterId, { claim: Claim; seenAt: number }>>();
  private readonly now: () => number;
  private readonly ttlMs: number;
  private readonly stop: () => void;

  constructor(private readonly options: ClaimsOptions) {
    this.now = options.now ?? Date.now;
    this.ttlMs = options.ttlMs ?? 5 * 60_000;
    options.rpc.handle(claimBooking, (claim, from) => {
      if (claim.counterId !== from) throw new ShopRpcError('bad_params', 'a claim of another');
      const knew = this.live(claim.reservationId).filter((c) => c.counterId !== from);
      this.keep(claim);
      return { claims: knew };
    });
    this.stop = options.bus.onMessage((from, message) => {
      if (message.kind !== 'push' || message.topic !== CLAIM_ENDED) return;
      const ended = ClaimEnded.safeParse(message.body);
      if (ended.success) this.forget(ended.data.reservationId, from, ended.data.id);
    });
  }

  /**
   * Claim the booking for this counter: refused at once when another present counter holds a
   * live claim, else told to every present counter and decided once they answered.
   */
  async claim(reservationId: string): Promise<ClaimOutcome> {
    const { bus, rpc } = this.options;
    const held = this.heldBy(reservationId);
    if (held) return { granted: false, heldBy: held };
    const mine: Claim = {
      id: randomUUID(),
      reservationId,
      counterId: bus.counterId,
      counterName: this.options.name().slice(0, 100) || bus.counterId,
      at: Math.max(0, Math.round(this.now())),
    };
    this.keep(mine);
    const peers = bus
      .peers()
      .filter((p) => p.present)
      .map((p) => p.presence.counterId);
    const answers = await Promise.allSettled(
      peers.map((to) => rpc.call(to, claimBooking, mine, this.options.answerMs ?? 3_000)),
    );
    const unanswered: CounterId[] = [];
    answers.forEach((answer, i) => {
      if (answer.status === 'rejected') unanswered.push(peers[i]!);
      else for (const c of answer.value.claims) if (c.counterId !== bus.counterId) this.keep(c);
    });
    const winner = firstClaim(this.live(reservationId));
    if (!winner || winner.id === mine.id) return { granted: true, claim: mine, unanswered };
    this.end(reservationId);
    return { granted: false, heldBy: winner };
  }

  /** This counter's claim of the booking ends (money taken, or staff gave up). */
  end(reservationId: string): void {
    const own = this.known.get(reservationId)?.get(this.options.bus.counterId);
    if (!own) return;
    this.forget(reservationId, this.options.bus.counterId, own.claim.id);
    this.options.bus.broadcast({
      kind: 'push',
      topic: CLAIM_ENDED,
      body: { reservationId, id: own.claim.id },
    });
  }

  /** Whether this counter holds a live claim of the booking. */
  holds(reservationId: string): boolean {
    return this.live(reservationId).some((c) => c.counterId === this.options.bus.counterId);
  }

  /**
   * The claim that takes the booking among those known now (this counter's included): the one
   * money may be taken under. A claim that lost (its end not heard yet) is never it.
   */
  first(reservationId: string): Claim | null {
    return firstClaim(this.live(reservationId));
  }

  /** Another present counter's live claim of the booking, if any. */
  heldBy(reservationId: string): Claim | null {
    return firstClaim(
      this.live(reservationId).filter((c) => c.counterId !== this.options.bus.counterId),
    );
  }

  close(): void {
    this.stop();
    this.known.clear();
  }

  /** The live claims of a booking: not lapsed, of this counter or one present. */
  private live(reservationId: string): Claim[] {
    const { bus } = this.options;
    const present = new Set(
      bus
        .peers()
        .filter((p) => p.present)
        .map((p) => p.presence.counterId),
    );
    const now = this.now();
    const claims = this.known.get(reservationId);
    if (!claims) return [];
    const out: Claim[] = [];
    for (const [counterId, { claim, seenAt }] of claims) {
      if (seenAt + this.ttlMs <= now) claims.delete(counterId);
      else if (counterId === bus.counterId || present.has(counterId)) out.push(claim);
    }
    return out;
  }

  private keep(claim: Claim): void {
    let claims = this.known.get(claim.reservationId);
    if (!claims) this.known.set(claim.reservationId, (claims = new Map()));
    const had = claims.get(claim.counterId);
    if (had?.claim.id === claim.id) return;
    claims.set(claim.counterId, { claim, seenAt: this.now() });
    this.options.onChange?.(claim.reservationId);
  }

  private forget(reservationId: string, counterId: CounterId, id: string): void {
    const claims = this.known.get(reservationId);
    if (claims?.get(counterId)?.claim.id !== id) return;
    claims.delete(counterId);
    if (claims.size === 0) this.known.delete(reservationId);
    this.options.onChange?.(reservationId);
  }
}
