/**
 * Selling a walk-in seat: product → the next slots that fit the party → headcount → custom
 * fields → customer → the price from calculate → confirm → the outcome (booked, pending, queued
 * or refused). Defaults are the standard walk-in's: two adults, the next slot that fits, so that
 * it takes a handful of keys (see renderer/README.md).
 */
import { createStore } from 'zustand/vanilla';
import type {
  FieldProblem,
  HeadcountFit,
  Price,
  ProductForm,
  Request,
  Response,
  WalkInOutcome,
} from '../../../main/ipc/contract';
import { asCallError, type Api, type CallError } from '../api/api';

export type CustomField = ProductForm['customFields'][number];
export type WalkInStep = 'product' | 'party' | 'details' | 'review' | 'done';
export type FieldValue = string | string[];
export type FoundCustomer = Response<'customers.find'>['customers'][number];

export interface SlotChoice {
  date: string;
  startTime: string;
  remaining: number | null;
}

export interface CustomerDraft {
  lastName: string;
  firstName: string;
  email: string;
  phone: string;
  /** An existing customer chosen after a search by e-mail. */
  customerId: string | null;
}

export interface WalkInStart {
  productId?: string;
  adults?: number;
  children?: number;
  /** A slot to choose when it fits (e.g. the slot of the party that brought extra people). */
  slot?: { date: string; startTime: string };
  customer?: Partial<CustomerDraft>;
}

export interface WalkInState {
  step: WalkInStep;
  productId: string | null;
  form: ProductForm | null;
  /** The date from which fitting slots are searched. */
  date: string | null;
  adults: number;
  children: number;
  fit: HeadcountFit | null;
  checking: boolean;
  slot: SlotChoice | null;
  preferred: { date: string; startTime: string } | null;
  /** Answers by participant number (1 is the representative), by field id. */
  answers: Record<number, Record<string, FieldValue>>;
  customer: CustomerDraft;
  found: FoundCustomer[] | null;
  finding: boolean;
  price: Price | null;
  /** The price could not be asked (offline): the walk-in will be queued without one. */
  priceOffline: boolean;
  quoting: boolean;
  problems: FieldProblem[];
  sendEmail: boolean;
  emailLocale: 'ja' | 'en';
  outcome: WalkInOutcome | null;
  booking: boolean;
  error: CallError | null;

  start(options?: WalkInStart): void;
  chooseProduct(productId: string): Promise<void>;
  setAdults(n: number): void;
  setChildren(n: number): void;
  chooseSlot(slot: SlotChoice): void;
  /** Party and slot chosen → custom fields and customer. */
  /** Resolves false (staying on the party step) when something must be fixed or looked at. */
  toDetails(): Promise<boolean>;
  setAnswer(participantNumber: number, fieldId: string, value: FieldValue): void;
  setCustomer(patch: Partial<CustomerDraft>): void;
  findCustomer(): Promise<void>;
  useCustomer(customer: FoundCustomer | null): void;
  /** Details filled → the price from calculate. */
  toReview(): Promise<boolean>;
  setSendEmail(on: boolean): void;
  setEmailLocale(locale: 'ja' | 'en'): void;
  back(): void;
  confirm(): Promise<void>;
}

export interface WalkInDeps {
  /** The date walk-ins are sold from: the store's today. */
  date(): string | null;
  /** The UI's language, the default for the confirmation e-mail. */
  locale(): 'ja' | 'en';
  recheckMs?: number;
}

const EMPTY_CUSTOMER: CustomerDraft = {
  lastName: '',
  firstName: '',
  email: '',
  phone: '',
  customerId: null,
};

const clamp = (n: number) => Math.max(0, Math.min(999, Math.round(Number.isFinite(n) ? n : 0)));

/** Whether a field is asked of this participant. */
export function asksParticipant(field: CustomField, participantNumber: number): boolean {
  return field.inputScope === 'all_participants' || participantNumber === 1;
}

function isEmpty(value: FieldValue | undefined): boolean {
  return value === undefined || (Array.isArray(value) ? value.length === 0 : value.trim() === '');
}

/** Problems the counter can see before asking anyone: required, number, e-mail shape. */
export function localProblems(
  form: ProductForm | null,
  headcount: number,
  answers: WalkInState['answers'],
  customer: CustomerDraft,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const field of form?.customFields ?? []) {
    for (let n = 1; n <= Math.max(1, headcount); n++) {
      if (!asksParticipant(field, n)) continue;
      const value = answers[n]?.[field.fieldId];
      const at = { field: field.fieldId, participantNumber: n };
      if (isEmpty(value)) {
        if (field.isRequired)
          problems.push({ ...at, code: 'MISSING_REQUIRED_FIELD', message: 'required' });
        continue;
      }
      if (field.fieldType === 'number') {
        const number = Number(value);
        const v = field.validation;
        if (typeof value !== 'string' || !Number.isFinite(number))
          problems.push({ ...at, code: 'INVALID_TYPE', message: 'expected a number' });
        else if (
          (v?.min !== undefined && number < v.min) ||
          (v?.max !== undefined && number > v.max)
        )
          problems.push({ ...at, code: 'OUT_OF_RANGE', message: 'out of range' });
      }
    }
  }
  if (!customer.lastName.trim())
    problems.push({
      field: 'customer.lastName',
      participantNumber: null,
      code: 'MISSING_REQUIRED_FIELD',
      message: 'required',
    });
  if (customer.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customer.email.trim()))
    problems.push({
      field: 'customer.email',
      participantNumber: null,
      code: 'invalid_format',
      message: 'not an e-mail address',
    });
  return problems;
}

/** Participants as the contract wants them: numbers as numbers, only the fields asked of each. */
export function participantsOf(
  form: ProductForm | null,
  headcount: number,
  answers: WalkInState['answers'],
): Request<'walkin.book'>['participants'] {
  const fields = form?.customFields ?? [];
  if (fields.length === 0) return [];
  const out: Request<'walkin.book'>['participants'] = [];
  for (let n = 1; n <= headcount; n++) {
    const fieldValues: Record<string, string | number | string[]> = {};
    for (const field of fields) {
      const value = answers[n]?.[field.fieldId];
      if (!asksParticipant(field, n) || isEmpty(value)) continue;
      fieldValues[field.fieldId] =
        field.fieldType === 'number' ? Number(value) : Array.isArray(value) ? value : value!.trim();
    }
    out.push({ participantNumber: n, fieldValues });
  }
  return out;
}

/** Network trouble: the walk-in can still be queued without a price. */
function isOfflineCode(code: string): boolean {
  return code === 'OFFLINE' || code.startsWith('NETWORK_');
}

export function createWalkInStore(api: Api, deps: WalkInDeps) {
  let checkSeq = 0;
  let recheck: ReturnType<typeof setTimeout> | null = null;
  let checking: Promise<void> | null = null;

  return createStore<WalkInState>()((set, get) => {
    function initial(): Omit<WalkInState, keyof WalkInActions> {
      return {
        step: 'product',
        productId: null,
        form: null,
        date: deps.date(),
        adults: 2,
        children: 0,
        fit: null,
        checking: false,
        slot: null,
        preferred: null,
        answers: {},
        customer: { ...EMPTY_CUSTOMER },
        found: null,
        finding: false,
        price: null,
        priceOffline: false,
        quoting: false,
        problems: [],
        sendEmail: true,
        emailLocale: deps.locale(),
        outcome: null,
        booking: false,
        error: null,
      };
    }

    function checkFit(): Promise<void> {
      checking = runCheck().finally(() => (checking = null));
      return checking;
    }

    async function runCheck(): Promise<void> {
      const { productId, date, adults, children } = get();
      if (!productId || !date) return;
      const mine = ++checkSeq;
      set({ checking: true });
      try {
        const fit = await api.call('headcount.check', {
          productId,
          date,
          startTime: null,
          adults,
          children,
        });
        if (mine !== checkSeq) return;
        const { slot, preferred } = get();
        const keep =
          (slot &&
            fit.nextSlots.find((s) => s.date === slot.date && s.startTime === slot.startTime)) ??
          (preferred &&
            fit.nextSlots.find(
              (s) => s.date === preferred.date && s.startTime === preferred.startTime,
            )) ??
          fit.nextSlots[0] ??
          null;
        set({ fit, slot: keep, checking: false });
      } catch (error) {
        if (mine === checkSeq) set({ checking: false, error: asCallError(error) });
      }
    }

    function partyChanged(): void {
      set({ price: null, priceOffline: false, problems: [] });
      if (recheck) clearTimeout(recheck);
      recheck = setTimeout(() => {
        recheck = null;
        void checkFit();
      }, deps.recheckMs ?? 250);
    }

    return {
      ...initial(),
      start(options = {}) {
        checkSeq++;
        if (recheck) clearTimeout(recheck);
        set({
          ...initial(),
          ...(options.adults !== undefined && { adults: clamp(options.adults) }),
          ...(options.children !== undefined && { children: clamp(options.children) }),
          preferred: options.slot ?? null,
          customer: { ...EMPTY_CUSTOMER, ...options.customer },
        });
        if (options.productId) void get().chooseProduct(options.productId);
      },
      async chooseProduct(productId) {
        set({
          productId,
          step: 'party',
          form: null,
          fit: null,
          slot: null,
          answers: {},
          price: null,
          problems: [],
          outcome: null,
          error: null,
          date: get().date ?? deps.date(),
        });
        const form = api
          .call('walkin.form', { productId })
          .then((f) => {
            if (get().productId === productId) set({ form: f });
          })
          .catch((error) => set({ error: asCallError(error) }));
        await Promise.all([form, checkFit()]);
      },
      setAdults(n) {
        set({ adults: clamp(n) });
        partyChanged();
      },
      setChildren(n) {
        set({ children: clamp(n) });
        partyChanged();
      },
      chooseSlot(slot) {
        set({ slot, price: null, priceOffline: false });
      },
      async toDetails() {
        // The party may have just changed: its slots are checked before moving on, so a walk-in is
        // never sent for a slot that has no room for it.
        const seen = get().slot;
        if (recheck) {
          clearTimeout(recheck);
          recheck = null;
          await checkFit();
        } else if (checking) await checking;
        const { adults, children, slot } = get();
        const problems: FieldProblem[] = [];
        if (adults + children < 1)
          problems.push({
            field: 'adults',
            participantNumber: null,
            code: 'too_small',
            message: 'at least one person',
          });
        if (!slot)
          problems.push({
            field: 'slot',
            participantNumber: null,
            code: 'NO_SLOT',
            message: 'choose a slot',
          });
        else if (seen && (seen.date !== slot.date || seen.startTime !== slot.startTime))
          // The slot on screen had no room for the party; the next that fits is now chosen. Staff
          // see it before going on rather than book a time they did not look at.
          problems.push({
            field: 'slot',
            participantNumber: null,
            code: 'SLOT_CHANGED',
            message: 'the chosen slot has no room for this party',
          });
        set({ problems });
        if (problems.length) return false;
        set({ step: 'details', error: null });
        return true;
      },
      setAnswer(participantNumber, fieldId, value) {
        const answers = get().answers;
        set({
          answers: {
            ...answers,
            [participantNumber]: { ...answers[participantNumber], [fieldId]: value },
          },
          problems: get().problems.filter(
            (p) => !(p.field === fieldId && (p.participantNumber ?? 1) === participantNumber),
          ),
        });
      },
      setCustomer(patch) {
        const customer = { ...get().customer, ...patch };
        // A different e-mail is a different customer (and a different repeat discount).
        if (patch.email !== undefined && patch.email !== get().customer.email) {
          customer.customerId = patch.customerId ?? null;
          set({ found: null, price: null });
        }
        const fields = Object.keys(patch).map((k) => `customer.${k}`);
        set({ customer, problems: get().problems.filter((p) => !fields.includes(p.field)) });
      },
      async findCustomer() {
        const email = get().customer.email.trim();
        if (email.length < 3) return;
        set({ finding: true, error: null });
        try {
          const { customers } = await api.call('customers.find', { email });
          set({ found: customers });
        } catch (error) {
          set({ error: asCallError(error) });
        } finally {
          set({ finding: false });
        }
      },
      useCustomer(customer) {
        if (!customer) {
          set({ customer: { ...get().customer, customerId: null }, price: null });
          return;
        }
        set({
          customer: {
            lastName: customer.name,
            firstName: '',
            email: customer.email,
            phone: customer.phone ?? '',
            customerId: customer.id,
          },
          found: null,
          price: null,
          problems: get().problems.filter((p) => !p.field.startsWith('customer.')),
        });
      },
      async toReview() {
        const { form, adults, children, answers, customer, productId, slot } = get();
        if (!productId || !slot) return false;
        const problems = localProblems(form, adults + children, answers, customer);
        set({ problems, error: null });
        if (problems.length) return false;
        set({ quoting: true });
        try {
          const quote = await api.call('walkin.quote', {
            productId,
            date: slot.date,
            startTime: slot.startTime,
            adults,
            children,
            customerEmail: customer.email.trim() || null,
            customerId: customer.customerId,
          });
          const offline = quote.problems.some((p) => p.code === 'PRICE_OFFLINE');
          const others = quote.problems.filter((p) => p.code !== 'PRICE_OFFLINE');
          if (others.length) {
            set({ problems: others });
            return false;
          }
          set({ price: quote.price, priceOffline: offline, step: 'review', outcome: null });
          return true;
        } catch (error) {
          const failure = asCallError(error);
          if (isOfflineCode(failure.code)) {
            set({ price: null, priceOffline: true, step: 'review', outcome: null });
            return true;
          }
          set({ error: failure });
          return false;
        } finally {
          set({ quoting: false });
        }
      },
      setSendEmail(on) {
        set({ sendEmail: on });
      },
      setEmailLocale(locale) {
        set({ emailLocale: locale });
      },
      back() {
        const step = get().step;
        const previous: Record<WalkInStep, WalkInStep> = {
          product: 'product',
          party: 'product',
          details: 'party',
          review: 'details',
          done: 'done',
        };
        set({ step: previous[step], error: null, outcome: null });
      },
      async confirm() {
        const s = get();
        if (!s.productId || !s.slot || s.booking) return;
        set({ booking: true, error: null });
        try {
          const email = s.customer.email.trim();
          const outcome = await api.call('walkin.book', {
            productId: s.productId,
            date: s.slot.date,
            startTime: s.slot.startTime,
            adults: s.adults,
            children: s.children,
            participants: participantsOf(s.form, s.adults + s.children, s.answers),
            customer: {
              lastName: s.customer.lastName.trim(),
              firstName: s.customer.firstName.trim(),
              email: email || null,
              phone: s.customer.phone.trim() || null,
              customerId: s.customer.customerId,
            },
            sendConfirmationEmail: s.sendEmail && email !== '',
            locale: s.emailLocale,
          });
          if (outcome.outcome === 'refused' && outcome.problems.length) {
            set({ outcome, problems: outcome.problems, step: 'details' });
          } else if (outcome.outcome === 'refused') {
            set({ outcome });
          } else {
            set({ outcome, step: 'done' });
          }
        } catch (error) {
          set({ error: asCallError(error) });
        } finally {
          set({ booking: false });
        }
      },
    };
  });
}

type WalkInActions = {
  [
    K in keyof WalkInState as WalkInState[K] extends (...args: never[]) => unknown ? K : never
  ]: WalkInState[K];
};

export type WalkInStore = ReturnType<typeof createWalkInStore>;
