/**
 * The payment method's fields every money form shares (the tender, a refund, a cancel's refund, a
 * correction, a change's hand-back): the methods as the table lists them, and the brand of a
 * method that needs one (`needsBrand`), from the settings' brands. What a method takes is its
 * entry in the table (`methodSpec`, through the contract).
 */
import { useEffect, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { needsBrand, TenderMethod } from '../../../main/ipc/contract';
import { useApp, useSlice } from '../app/context';

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'>;

/** A select of the payment methods, in the table's order, worded by the catalogue. */
export function MethodSelect({
  value,
  onChange,
  ...rest
}: SelectProps & { value: TenderMethod; onChange(method: TenderMethod): void }) {
  const { t } = useTranslation();
  return (
    <select {...rest} value={value} onChange={(e) => onChange(TenderMethod.parse(e.target.value))}>
      {TenderMethod.options.map((m) => (
        <option key={m} value={m}>
          {t(`money.methods.${m}`)}
        </option>
      ))}
    </select>
  );
}

/**
 * The brand of a line whose method needs one: the settings' brands, and the one the line has
 * already (a sale's brand no longer listed is still the one to pay back by). Until the settings
 * are known (AA5) the field waits, disabled and saying so, unless the line has its brand already.
 */
export function BrandSelect({
  value,
  onChange,
  ...rest
}: SelectProps & { value: string | null; onChange(brand: string | null): void }) {
  const { t } = useTranslation();
  const { stores } = useApp();
  const listed = useSlice(stores.money, (s) => s.settings?.qrBrands ?? null);
  const unread = useSlice(stores.money, (s) => s.settingsUnread !== null);
  const waiting = listed === null && !value;
  useEffect(() => {
    if (waiting) void stores.money.getState().askSettings();
  }, [waiting, stores.money]);
  const known = listed ?? [];
  const brands = value && !known.includes(value) ? [value, ...known] : known;
  return (
    <select
      {...rest}
      value={value ?? ''}
      disabled={rest.disabled || waiting}
      aria-busy={waiting || undefined}
      aria-invalid={rest['aria-invalid'] ?? (!value || undefined)}
      onChange={(e) => onChange(e.target.value || null)}
    >
      <option value="">
        {!waiting
          ? t('money.tender.chooseBrand')
          : unread
            ? t('money.tender.brandsUnread')
            : t('common.loading')}
      </option>
      {brands.map((b) => (
        <option key={b} value={b}>
          {b}
        </option>
      ))}
    </select>
  );
}

/**
 * Beside a brand's field (outside its label): the settings' brands could not be asked, so staff
 * may ask again — the field is never a dead end (AA5).
 */
export function BrandsRetry({ value }: { value: string | null }) {
  const { t } = useTranslation();
  const { stores } = useApp();
  const shown = useSlice(stores.money, (s) => !s.settings && s.settingsUnread !== null) && !value;
  if (!shown) return null;
  return (
    <button type="button" onClick={() => void stores.money.getState().askSettings()}>
      {t('common.tryAgain')}
    </button>
  );
}

/**
 * A method and, when it needs one, its brand, each an inline field with its label: what a refund,
 * a correction, a cancel's refund and a change's hand-back ask. `brandMissing`: staff tried to go
 * on without the brand, said where it is asked.
 */
export function MethodBrandFields({
  methodLabel,
  brandLabel,
  method,
  brand,
  onMethod,
  onBrand,
  brandMissing = false,
}: {
  methodLabel: string;
  brandLabel: string;
  method: TenderMethod;
  brand: string | null;
  onMethod(method: TenderMethod): void;
  onBrand(brand: string | null): void;
  brandMissing?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="inline-field">
        <span>{methodLabel}</span>
        <MethodSelect value={method} onChange={onMethod} />
      </label>
      {needsBrand(method) && (
        <label className="inline-field">
          <span>{brandLabel}</span>
          <BrandSelect value={brand} onChange={onBrand} />
        </label>
      )}
      {needsBrand(method) && <BrandsRetry value={brand} />}
      {brandMissing && needsBrand(method) && !brand && (
        <p className="problems shown" role="alert">
          {t('money.tenderProblems.brand_missing')}
        </p>
      )}
    </>
  );
}
