/**
 * The walk-in's customer: typed in, or an existing customer found by e-mail (for the repeat
 * discount and the customer's history). Actions of the walk-in store, kept here to keep it short.
 */
import type { FieldProblem, Price, Response } from '../../../main/ipc/contract';
import { asCallError, type Api, type CallError } from '../api/api';
import type { CustomerDraft } from './walkinDraft';

export type FoundCustomer = Response<'customers.find'>['customers'][number];

/** The part of the walk-in's state these actions read and change. */
interface CustomerState {
  customer: CustomerDraft;
  found: FoundCustomer[] | null;
  finding: boolean;
  problems: FieldProblem[];
  price: Price | null;
  error: CallError | null;
}

export interface CustomerActions {
  setCustomer(patch: Partial<CustomerDraft>): void;
  findCustomer(): Promise<void>;
  useCustomer(customer: FoundCustomer | null): void;
}

export function customerActions(
  api: Api,
  set: (patch: Partial<CustomerState>) => void,
  get: () => CustomerState,
): CustomerActions {
  return {
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
  };
}
