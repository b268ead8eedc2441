/**
 * Today first, the next days as one-tap chips, ◀ ▶ a day, and any date. In the dense rows the
 * words of ◀ ▶ are left to assistive technology (styles.css): the line then fits one line.
 */
import { useTranslation } from 'react-i18next';
import { useApp } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { KEYS } from '../../app/shortcuts';
import { Kbd } from '../../components/Kbd';
import { addDays } from '../../format/format';

const CHIP_DAYS = 7;

export function DateSwitcher({ date, today }: { date: string; today: string }) {
  const { t } = useTranslation();
  const { actions } = useApp();
  const fmt = useFormat();
  const chips = Array.from({ length: CHIP_DAYS }, (_, i) => addDays(today, i));
  return (
    <nav className="date-switcher" aria-label={t('day.switcher')}>
      <ul className="chips">
        {chips.map((d, i) => (
          <li key={d}>
            <button
              type="button"
              className="chip"
              aria-current={d === date ? 'date' : undefined}
              onClick={() => actions.openDay(d)}
              {...(i === 0 && { 'aria-keyshortcuts': KEYS.today })}
            >
              {i === 0 ? t('day.today') : fmt.shortDate(d)}
              {i === 0 && (
                <>
                  {' '}
                  <Kbd keys={KEYS.today} />
                </>
              )}
            </button>
          </li>
        ))}
      </ul>
      <div className="day-step">
        <button
          type="button"
          onClick={() => actions.openDay(addDays(date, -1))}
          aria-keyshortcuts={KEYS.prevDay}
        >
          <span aria-hidden="true">◀</span> <span className="step-word">{t('day.previous')}</span>{' '}
          <Kbd keys={KEYS.prevDay} />
        </button>
        <button
          type="button"
          onClick={() => actions.openDay(addDays(date, 1))}
          aria-keyshortcuts={KEYS.nextDay}
        >
          <span className="step-word">{t('day.next')}</span> <span aria-hidden="true">▶</span>{' '}
          <Kbd keys={KEYS.nextDay} />
        </button>
        <label className="date-pick">
          <span className="visually-hidden">{t('day.pick')}</span>
          <input
            type="date"
            value={date}
            onChange={(e) => {
              if (/^\d{4}-\d{2}-\d{2}$/.test(e.target.value)) actions.openDay(e.target.value);
            }}
          />
        </label>
      </div>
    </nav>
  );
}
