/**
 * Set-up: the business's invoice details printed on receipts (name, registration number T + 13
 * digits, address, phone, tax rates) and the counter's money settings (QR brands, quick cash
 * buttons, receipt layout and language, printer, automatic printing, how long the journal is kept).
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MoneySettings, ReceiptLayout, UiLocale } from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { ErrorNote } from '../../components/ErrorNote';
import { normalizeRegistration, registrationProblem } from '../../money/registrationNumber';

/** Settings as the form holds them: lists and numbers as typed. */
interface Form {
  businessName: string;
  registrationNumber: string;
  address: string;
  phone: string;
  defaultTaxRate: string;
  productTaxRates: string;
  qrBrands: string;
  quickCash: string;
  receiptLayout: ReceiptLayout;
  receiptLocale: UiLocale;
  printerName: string;
  printAutomatically: boolean;
  retentionYears: string;
}

const formOf = (s: MoneySettings): Form => ({
  businessName: s.businessName,
  registrationNumber: s.registrationNumber ?? '',
  address: s.address,
  phone: s.phone,
  defaultTaxRate: String(s.defaultTaxRate),
  productTaxRates: Object.entries(s.productTaxRates)
    .map(([id, rate]) => `${id}=${rate}`)
    .join('\n'),
  qrBrands: s.qrBrands.join('\n'),
  quickCash: s.quickCash.join(' '),
  receiptLayout: s.receiptLayout,
  receiptLocale: s.receiptLocale,
  printerName: s.printerName ?? '',
  printAutomatically: s.printAutomatically,
  retentionYears: String(s.retentionYears),
});

const lines = (text: string) =>
  text
    .split(/\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** The settings of a form, or the names of the fields that are wrong. */
function settingsOf(f: Form): { settings: MoneySettings | null; wrong: (keyof Form)[] } {
  const wrong: (keyof Form)[] = [];
  const rate = Number(f.defaultTaxRate);
  if (!(rate >= 0 && rate <= 100)) wrong.push('defaultTaxRate');
  const rates: Record<string, number> = {};
  for (const l of lines(f.productTaxRates)) {
    const [id, r] = l.split('=').map((x) => x.trim());
    const n = Number(r);
    if (!id || !(n >= 0 && n <= 100)) wrong.push('productTaxRates');
    else rates[id] = n;
  }
  const cash = f.quickCash
    .split(/[\s,、]+/)
    .filter(Boolean)
    .map(Number);
  if (cash.length > 8 || cash.some((n) => !Number.isInteger(n) || n <= 0)) wrong.push('quickCash');
  const years = Number(f.retentionYears);
  if (!Number.isInteger(years) || years < 1 || years > 10) wrong.push('retentionYears');
  if (registrationProblem(f.registrationNumber)) wrong.push('registrationNumber');
  if (wrong.length) return { settings: null, wrong: [...new Set(wrong)] };
  return {
    settings: {
      businessName: f.businessName.trim(),
      registrationNumber: normalizeRegistration(f.registrationNumber) || null,
      address: f.address.trim(),
      phone: f.phone.trim(),
      defaultTaxRate: rate,
      productTaxRates: rates,
      qrBrands: lines(f.qrBrands),
      quickCash: cash,
      receiptLayout: f.receiptLayout,
      receiptLocale: f.receiptLocale,
      printerName: f.printerName.trim() || null,
      printAutomatically: f.printAutomatically,
      retentionYears: years,
    },
    wrong,
  };
}

/**
 * The form once the settings are known: until the desk answers there is nothing true to show or
 * to save over (AA5), so set-up says it is loading, or that they could not be read, and asks again.
 */
export function InvoiceSettings() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const settings = useSlice(stores.money, (s) => s.settings);
  const unread = useSlice(stores.money, (s) => s.settingsUnread);
  const id = useId();

  useEffect(() => {
    void stores.money.getState().loadSettings();
  }, [stores.money]);

  if (settings) return <InvoiceForm settings={settings} />;
  return (
    <section className="card" aria-labelledby={`${id}-title`} aria-busy={!unread || undefined}>
      <h3 id={`${id}-title`}>{t('money.settings.title')}</h3>
      {unread ? (
        <>
          <ErrorNote code={unread.code} />
          <button type="button" onClick={() => void stores.money.getState().askSettings()}>
            {t('common.tryAgain')}
          </button>
        </>
      ) : (
        <p role="status" className="hint">
          {t('common.loading')}
        </p>
      )}
    </section>
  );
}

function InvoiceForm({ settings }: { settings: MoneySettings }) {
  const { t } = useTranslation();
  const { stores } = useApp();
  const saving = useSlice(stores.money, (s) => s.saving);
  const saved = useSlice(stores.money, (s) => s.saved);
  const error = useSlice(stores.money, (s) => s.settingsError);
  const id = useId();
  const [form, setForm] = useState<Form>(() => formOf(settings));
  const [wrong, setWrong] = useState<(keyof Form)[]>([]);

  // New settings from the main process (loaded, or saved and kept): the form shows them, but
  // for the fields staff changed since (typed while the settings were still loading: kept).
  const [shown, setShown] = useState(settings);
  const [edited, setEdited] = useState<readonly (keyof Form)[]>([]);
  if (shown !== settings) {
    setShown(settings);
    const typed = Object.fromEntries(edited.map((k) => [k, form[k]])) as Partial<Form>;
    setForm({ ...formOf(settings), ...typed });
  }

  const set = (patch: Partial<Form>) => {
    setForm({ ...form, ...patch });
    setEdited([...new Set([...edited, ...(Object.keys(patch) as (keyof Form)[])])]);
    setWrong(wrong.filter((k) => !(k in patch)));
  };
  const regProblem = registrationProblem(form.registrationNumber);
  const problemId = (k: keyof Form) => `${id}-${k}-problem`;
  const text = (k: keyof Form, label: string, hint?: string, multiline = false) => {
    const bad = wrong.includes(k) || (k === 'registrationNumber' && regProblem !== null);
    const value = form[k] as string;
    const props = {
      value,
      'aria-invalid': bad || undefined,
      'aria-describedby': bad || hint ? problemId(k) : undefined,
    };
    const inputId = `${id}-${k}`;
    return (
      <div className="field">
        <label htmlFor={inputId}>{label}</label>
        {multiline ? (
          <textarea id={inputId} {...props} onChange={(e) => set({ [k]: e.target.value })} />
        ) : (
          <input
            type="text"
            id={inputId}
            {...props}
            onChange={(e) => set({ [k]: e.target.value })}
          />
        )}
        {(bad || hint) && (
          <span id={problemId(k)} className={bad ? 'field-error' : 'hint'}>
            {bad
              ? k === 'registrationNumber' && regProblem
                ? t(`money.settings.registrationProblems.${regProblem}`)
                : t(`money.settings.wrong.${k}` as never)
              : hint}
          </span>
        )}
      </div>
    );
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('money.settings.title')}</h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const out = settingsOf(form);
          setWrong(out.wrong);
          if (!out.settings) return;
          // What is kept comes back as new settings: the form then shows it as saved.
          setEdited([]);
          void stores.money.getState().configure(out.settings);
        }}
      >
        {text('businessName', t('money.settings.businessName'))}
        {text(
          'registrationNumber',
          t('money.settings.registrationNumber'),
          t('money.settings.registrationHint'),
        )}
        {text('address', t('money.settings.address'))}
        {text('phone', t('money.settings.phone'))}
        {text('defaultTaxRate', t('money.settings.defaultTaxRate'))}
        {text(
          'productTaxRates',
          t('money.settings.productTaxRates'),
          t('money.settings.productTaxRatesHint'),
          true,
        )}
        {text('qrBrands', t('money.settings.qrBrands'), t('money.settings.qrBrandsHint'), true)}
        {text('quickCash', t('money.settings.quickCash'), t('money.settings.quickCashHint'))}
        <label className="inline-field">
          <span>{t('money.settings.receiptLayout')}</span>
          <select
            value={form.receiptLayout}
            onChange={(e) => set({ receiptLayout: e.target.value as ReceiptLayout })}
          >
            <option value="58mm">{t('money.layouts.58mm')}</option>
            <option value="80mm">{t('money.layouts.80mm')}</option>
            <option value="a4">{t('money.layouts.a4')}</option>
          </select>
        </label>
        {/* The automatic receipt's language, whatever the staff's screen shows (AB82). */}
        <label className="inline-field">
          <span>{t('money.settings.receiptLocale')}</span>
          <select
            value={form.receiptLocale}
            aria-describedby={`${id}-receipt-locale`}
            onChange={(e) => set({ receiptLocale: e.target.value === 'en' ? 'en' : 'ja' })}
          >
            <option value="ja">{t('language.ja')}</option>
            <option value="en">{t('language.en')}</option>
          </select>
          <span className="hint" id={`${id}-receipt-locale`}>
            {t('money.settings.receiptLocaleHint')}
          </span>
        </label>
        {text('printerName', t('money.settings.printerName'), t('money.settings.printerHint'))}
        <label className="choice">
          <input
            type="checkbox"
            checked={form.printAutomatically}
            onChange={(e) => set({ printAutomatically: e.target.checked })}
          />
          <span>{t('money.settings.printAutomatically')}</span>
        </label>
        {text(
          'retentionYears',
          t('money.settings.retentionYears'),
          t('money.settings.retentionHint'),
        )}
        {error && <ErrorNote code={error.code} />}
        <div className="actions">
          <button type="submit" className="primary" disabled={saving}>
            {saving ? t('money.settings.saving') : t('money.settings.save')}
          </button>
        </div>
        <p role="status" className="hint">
          {saved && t('money.settings.saved')}
        </p>
      </form>
    </section>
  );
}
