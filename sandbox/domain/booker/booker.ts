/**
 * The booking engine behind the demo and generated scenarios: bookings that fit their slots and
 * shared resources, with the mix of statuses, sources, payments and people a real shop has.
 */
import type { z } from 'zod';
import type { ProductRecord, StoreRecord } from '../../model';
import type { Random } from '../../random';
import type { Scenario, ScenarioCustomer, ScenarioReservation } from '../../scenario/format';
import { EN_DOMAINS, JA_DOMAINS } from '../../scenario/people';
import { participantsFor } from './answers';
import { everydaySlots, Ledger, type EverydaySlot } from './ledger';
import { foreignPhone, isForeign, japanesePhone, pickName } from './people';

type CustomerInput = z.input<typeof ScenarioCustomer>;
type ReservationInput = z.input<typeof ScenarioReservation>;

const CANCEL_REASONS = [
  'customer_request',
  'weather',
  'business_request',
  'force_majeure',
] as const;

export interface BookingOptions {
  /** Book this product (else one chosen by weight). */
  productId?: string;
  /** Book this start time (else one chosen at random). */
  startTime?: string;
  /** A walk-in at the counter: booked today by staff, no e-mail. */
  walkIn?: boolean;
}

/**
 * Makes bookings that fit: picks a product by weight, a start time it has on every weekday, a
 * party that fits the ledger, a customer and the details a real booking would carry.
 */
export class Booker {
  readonly reservations: ReservationInput[] = [];
  private readonly ledger: Ledger;
  private readonly stores: Map<string, StoreRecord>;
  private readonly slots = new Map<string, EverydaySlot[]>();
  private readonly weighted: ProductRecord[] = [];
  private readonly products: Map<string, ProductRecord>;
  private cancellations = 0;
  private guestEmails = 0;

  constructor(
    private readonly rng: Random,
    catalogue: Scenario,
    private readonly customers: readonly CustomerInput[],
    weights: Readonly<Record<string, number>>,
    /** Largest party per product (e.g. two to a rickshaw). */
    private readonly maxParty: Readonly<Record<string, number>> = {},
  ) {
    this.ledger = new Ledger(catalogue.resources);
    this.stores = new Map(catalogue.stores.map((s) => [s.id, s]));
    for (const product of catalogue.products) {
      const slots = everydaySlots(product, this.stores.get(product.storeId)!);
      this.slots.set(product.id, slots);
      if (slots.length === 0) continue;
      for (let i = 0; i < (weights[product.id] ?? 0); i++) this.weighted.push(product);
    }
    this.products = new Map(catalogue.products.map((p) => [p.id, p]));
  }

  /** Start times a product can be booked at in this scenario, whatever the weekday. */
  slotsOf(productId: string): readonly EverydaySlot[] {
    return this.slots.get(productId) ?? [];
  }

  /** Try a booking `offset` days from today; false when nothing fitted after a few tries. */
  book(offset: number, options: BookingOptions = {}): boolean {
    const rng = this.rng;
    for (let attempt = 0; attempt < 6; attempt++) {
      const product = options.productId
        ? this.products.get(options.productId)
        : this.weighted.length > 0
          ? rng.pick(this.weighted)
          : undefined;
      if (!product) return false;
      const slots = this.slotsOf(product.id);
      const slot = options.startTime
        ? slots.find((s) => s.startTime === options.startTime)
        : slots.length > 0
          ? rng.pick(slots)
          : undefined;
      if (!slot) return false;

      const manual = product.approvalType === 'manual';
      const cancelled = rng.chance(0.07);
      const rejected = !cancelled && manual && rng.chance(0.12);
      const active = !cancelled && !rejected;
      let party = this.partySize(product);
      if (active) {
        while (party > 0 && !this.ledger.fits(product, offset, slot, party)) party--;
        if (party === 0) continue;
        this.ledger.add(product, offset, slot, party);
      }
      const children =
        product.prices.child > 0 && party >= 2 && rng.chance(0.3) ? rng.int(1, party - 1) : 0;
      this.reservations.push(
        this.details(product, offset, slot.startTime, party - children, children, {
          cancelled,
          rejected,
          walkIn: options.walkIn ?? false,
        }),
      );
      return true;
    }
    return false;
  }

  private partySize(product: ProductRecord): number {
    const rng = this.rng;
    const size = rng.chance(0.08) ? rng.int(5, 10) : rng.pick([1, 2, 2, 2, 2, 3, 3, 4, 4]);
    return Math.min(size, this.maxParty[product.id] ?? 10);
  }

  private details(
    product: ProductRecord,
    offset: number,
    startTime: string,
    adultCount: number,
    childCount: number,
    flags: { cancelled: boolean; rejected: boolean; walkIn: boolean },
  ): ReservationInput {
    const rng = this.rng;
    const store = this.stores.get(product.storeId)!;
    const methods = store.paymentMethods;
    const onSite = methods.includes('on_site');
    const testProduct = !product.isPublished;

    const walkIn = flags.walkIn && offset === 0;
    const source: ReservationInput['source'] = testProduct
      ? 'api'
      : walkIn
        ? 'admin'
        : rng.pick([
            'booking_site',
            'booking_site',
            'booking_site',
            'booking_site',
            'api',
            'admin',
          ]);
    const paymentMethod: ReservationInput['paymentMethod'] =
      walkIn && onSite
        ? 'on_site'
        : source === 'booking_site' && rng.chance(0.6)
          ? 'card'
          : rng.pick(methods);

    let customerId: string | undefined;
    let customer: ReservationInput['customer'];
    let foreign: boolean;
    if (!walkIn && this.customers.length > 0 && rng.chance(0.8)) {
      const c = rng.pick(this.customers);
      customerId = c.id;
      foreign = isForeign(c.lastName);
    } else {
      foreign = rng.chance(0.15);
      const { lastName, firstName, local } = pickName(rng, foreign);
      customer = { lastName, firstName };
      // Walk-ins often leave no e-mail: the reservation then has no customer record.
      if (!walkIn || rng.chance(0.3)) {
        const domain = rng.pick(foreign ? EN_DOMAINS : JA_DOMAINS);
        customer.email = `${local}.${++this.guestEmails}@${domain}`;
      }
      if (rng.chance(0.7)) customer.phone = foreign ? foreignPhone(rng) : japanesePhone(rng);
    }

    const bookedDaysBefore = walkIn
      ? 0
      : offset > 0
        ? offset + rng.int(0, 20)
        : rng.chance(0.1)
          ? 0
          : rng.int(1, 30);
    let cancellation: ReservationInput['cancellation'];
    if (flags.cancelled) {
      // The first few go through every reason so that each one appears.
      const reason =
        this.cancellations < CANCEL_REASONS.length
          ? CANCEL_REASONS[this.cancellations]!
          : rng.chance(0.6)
            ? 'customer_request'
            : rng.pick(CANCEL_REASONS);
      this.cancellations++;
      // Cancelled between booking and now: a future booking at least `offset` days ahead.
      const daysBefore =
        offset > 0
          ? rng.int(offset, bookedDaysBefore)
          : rng.int(0, Math.min(bookedDaysBefore, reason === 'weather' ? 1 : 10));
      cancellation = { reason, daysBefore };
    }
    const manual = product.approvalType === 'manual';
    // Requests wait for the tea master: most future ones, a few of today's.
    const status: ReservationInput['status'] = flags.rejected
      ? 'rejected'
      : manual && offset >= 0 && rng.chance(offset === 0 ? 0.3 : 0.8)
        ? 'pending'
        : 'confirmed';

    return {
      productId: product.id,
      date: offset === 0 ? 'today' : offset > 0 ? `today+${offset}` : `today${offset}`,
      startTime,
      adultCount,
      childCount,
      participants: participantsFor(rng, product, adultCount, childCount),
      ...(customerId ? { customerId } : { customer }),
      paymentMethod,
      source,
      status,
      locale: foreign ? 'en' : 'ja',
      bookedDaysBefore,
      ...(cancellation ? { cancellation } : {}),
    };
  }
}
