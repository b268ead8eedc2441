/**
 * The shop's counters as staff read them: this one first (marked), then those present, then
 * those that left with when they were last seen; the one that syncs for the shop says so, and
 * one whose clock is off by more than a minute says by how much (H12).
 */
import { useTranslation } from 'react-i18next';
import type { ShopView } from '../../../main/ipc/contract';
import { useFormat } from '../app/hooks';
import { clockAmount } from './clockAmount';

/** Counters present first (by name), then those that left (the latest first). */
function ordered(counters: ShopView['counters']): ShopView['counters'] {
  return [...counters].sort((a, b) =>
    a.present !== b.present
      ? a.present
        ? -1
        : 1
      : a.present
        ? a.name.localeCompare(b.name)
        : b.lastSeen - a.lastSeen,
  );
}

/** The counter that syncs for the shop now, if any is known. */
export function pollerOf(shop: ShopView): string | null {
  if (shop.self.polling) return shop.self.name;
  return shop.counters.find((c) => c.present && c.polling)?.name ?? null;
}

export function ShopCounterList({ shop, now }: { shop: ShopView; now: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <ul className="shop-counters">
      <li className="shop-counter self">
        <span className="dot on" aria-hidden="true" />
        <strong>{t('shop.thisCounter', { name: shop.self.name })}</strong>
        {shop.self.polling && <span className="badge ok">{t('shop.syncs')}</span>}
      </li>
      {ordered(shop.counters).map((c) => (
        <li key={c.counterId} className={`shop-counter${c.present ? '' : ' left'}`}>
          <span className={`dot${c.present ? ' on' : ''}`} aria-hidden="true" />
          {c.present ? (
            <>
              <span>{c.name}</span>
              <span className="hint">{t('shop.present')}</span>
              {c.polling && <span className="badge ok">{t('shop.syncs')}</span>}
              {typeof c.clockSkewMs === 'number' && (
                <span className="warn-text clock-off">
                  {t(c.clockSkewMs < 0 ? 'shop.clockSlow' : 'shop.clockFast', {
                    name: c.name,
                    amount: clockAmount(t, c.clockSkewMs),
                  })}
                </span>
              )}
            </>
          ) : (
            <span>{t('shop.left', { name: c.name, age: fmt.age(c.lastSeen, now) })}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
