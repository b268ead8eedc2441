/** The cash drawer counted note by note, ¥10,000 down to ¥1: large fields and a running total. */
import { useTranslation } from 'react-i18next';
import { DENOMINATIONS, type DenominationCount } from '../../../../main/ipc/contract';
import { useFormat } from '../../app/hooks';
import { AmountInput } from '../../components/AmountInput';
import { countedTotal, type Denomination } from '../../stores/close';

export function CountTable({
  counted,
  disabled,
  onChange,
}: {
  counted: DenominationCount;
  disabled: boolean;
  onChange(d: Denomination, n: number): void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <fieldset className="count-table">
      <legend>{t('money.close.count')}</legend>
      {DENOMINATIONS.map((d) => {
        const n = counted[`${d}`];
        return (
          <div key={d} className="count-row">
            <label>
              <span className="denomination">{fmt.money(d)}</span>
              <AmountInput
                value={n}
                disabled={disabled}
                aria-label={t('money.close.countOf', { denomination: fmt.money(d) })}
                onFocus={(e) => e.target.select()}
                onChange={(e) => onChange(d, Number(e.target.value))}
              />
            </label>
            <span className="subtotal">{fmt.money(d * n)}</span>
          </div>
        );
      })}
      <p className="count-total" aria-live="polite">
        {t('money.close.countedTotal')} <strong>{fmt.money(countedTotal(counted))}</strong>
      </p>
    </fieldset>
  );
}
