/**
 * The shop in the status bar: compact (how many counters are present, which one syncs for the
 * shop), the list on focus or click (this counter marked, those that left with when they were
 * last seen). A click pins the list open; Escape or a second click closes it. Nothing shows while
 * the counter works alone on purpose (off, training, not set up); a shop that could not start
 * says so.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';
import { pollerOf, ShopCounterList } from '../../components/ShopCounterList';

export function ShopStatus() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const shop = useSlice(stores.status, (s) => s.status?.shop ?? null);
  const now = useSlice(stores.status, (s) => s.now);
  const [open, setOpen] = useState<'focus' | 'pinned' | null>(null);
  const detailsId = useId();
  const button = useRef<HTMLButtonElement>(null);

  if (!shop) return null;
  if (!shop.sharing)
    return shop.reason === 'unavailable' ? (
      <span className="shop warn-text">{t('shop.bar.unavailable')}</span>
    ) : null;

  const present = 1 + shop.counters.filter((c) => c.present).length;
  const poller = pollerOf(shop);
  const close = () => setOpen(null);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    // Closes the list only: not the app's "back".
    e.preventDefault();
    e.stopPropagation();
    close();
    button.current?.focus();
  };

  return (
    <div
      className="shop"
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (open === 'focus' && !e.currentTarget.contains(e.relatedTarget as Node | null)) close();
      }}
    >
      <button
        ref={button}
        type="button"
        className="shop-button"
        aria-expanded={open !== null}
        aria-controls={detailsId}
        onFocus={() => setOpen((o) => o ?? 'focus')}
        onClick={() => setOpen((o) => (o === 'pinned' ? null : 'pinned'))}
      >
        {t('shop.bar.counters', { count: present })}
        {poller && <span className="poller">{t('shop.bar.polling', { name: poller })}</span>}
      </button>
      <div
        id={detailsId}
        className="shop-details"
        role="region"
        aria-label={t('shop.bar.label')}
        hidden={open === null}
      >
        <ShopCounterList shop={shop} now={now} />
      </div>
    </div>
  );
}
