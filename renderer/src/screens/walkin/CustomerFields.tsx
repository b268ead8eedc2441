/**
 * The walk-in's customer: name and contact, with their problems, and the search for an existing
 * customer by e-mail (for the repeat discount and the customer's history).
 */
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useApp, useSlice } from '../../app/context';
import { FeatureReason } from '../../components/FeatureList';
import { CUSTOMER_FIELDS, problemAt, problemText } from './problems';

const INPUTS: Record<(typeof CUSTOMER_FIELDS)[number], { type: string; autoComplete: string }> = {
  lastName: { type: 'text', autoComplete: 'family-name' },
  firstName: { type: 'text', autoComplete: 'given-name' },
  phone: { type: 'tel', autoComplete: 'tel' },
  email: { type: 'email', autoComplete: 'email' },
};

/** The last name takes the cursor: the step asks it first (the standard walk-in is name only). */
export function CustomerFields() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const { customer, problems, found, finding } = useSlice(
    stores.walkIn,
    useShallow((s) => ({
      customer: s.customer,
      problems: s.problems,
      found: s.found,
      finding: s.finding,
    })),
  );
  const customerSearch = useSlice(stores.setup, (s) => s.feature('customerSearch'));
  const w = stores.walkIn.getState();

  return (
    <fieldset className="customer">
      <legend>{t('walkIn.customer')}</legend>
      {customer.customerId && (
        <p className="notice">
          {t('walkIn.existingCustomer', { name: customer.lastName })}{' '}
          <button type="button" onClick={() => w.useCustomer(null)}>
            {t('walkIn.notThisCustomer')}
          </button>
        </p>
      )}
      {CUSTOMER_FIELDS.map((key) => {
        const p = problemAt(problems, `customer.${key}`, null);
        const id = `customer-${key}`;
        return (
          <div key={key} className={`field${p ? ' invalid' : ''}`}>
            <label htmlFor={id}>
              {t(`walkIn.customerFields.${key}`)}
              {key === 'lastName' && <span className="required"> {t('walkIn.required')}</span>}
            </label>
            <input
              id={id}
              {...INPUTS[key]}
              value={customer[key]}
              required={key === 'lastName'}
              autoFocus={key === 'lastName'}
              aria-invalid={p ? true : undefined}
              aria-describedby={p ? `${id}-error` : undefined}
              onChange={(e) => w.setCustomer({ [key]: e.target.value })}
            />
            {p && (
              <p id={`${id}-error`} className="field-error">
                {problemText(t, p)}
              </p>
            )}
          </div>
        );
      })}
      <button
        type="button"
        disabled={!customerSearch.enabled || finding || customer.email.trim().length < 3}
        onClick={() => void w.findCustomer()}
      >
        {finding ? t('walkIn.finding') : t('walkIn.findCustomer')}
      </button>
      {!customerSearch.enabled && (
        <p className="hint">
          <FeatureReason state={customerSearch} />
        </p>
      )}
      {found && (
        <div role="status">
          {found.length === 0 ? (
            <p>{t('walkIn.noCustomer')}</p>
          ) : (
            <ul className="found">
              {found.map((c) => (
                <li key={c.id}>
                  <button type="button" onClick={() => w.useCustomer(c)}>
                    {t('walkIn.useCustomer', { name: c.name, email: c.email, visits: c.visits })}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </fieldset>
  );
}
