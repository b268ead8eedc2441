/**
 * The store's catalogue of counter items (issue 30), as a manager keeps it: every item with its
 * price, rate and category, on sale or not; one form adds or changes an item (a manager's PIN is
 * asked when whoever is signed in may not: the approval dialog). Shared with the shop's counters.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ItemCategory,
  REDUCED_RATE,
  type CounterItem,
  type ItemDraft,
} from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { ErrorNote } from '../../components/ErrorNote';
import { langOf } from '../../i18n';
import { ManagedNotice, useManagedByOffice } from '../office/OfficeLists';
import './items.css';

const EMPTY: ItemDraft = {
  id: null,
  name: { ja: '', en: '' },
  price: 0,
  rate: 10,
  category: 'goods',
  active: true,
};

const draftOf = (item: CounterItem): ItemDraft => ({
  id: item.id,
  name: item.name,
  price: item.price,
  rate: item.rate,
  category: item.category,
  active: item.active,
});

export function ItemCatalogue() {
  const { t, i18n } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const lang = langOf(i18n);
  const view = useSlice(stores.items, (s) => s.view);
  const [editing, setEditing] = useState<ItemDraft | null>(null);
  // The head office sets the catalogue: shown, not changed here (decision AB74).
  const managed = useManagedByOffice('items');
  return (
    <section className="item-catalogue" aria-labelledby="catalogue-title">
      <h3 id="catalogue-title">{t('items.manage.title')}</h3>
      <p className="hint">{t('items.manage.hint')}</p>
      {managed && <ManagedNotice />}
      {view && view.items.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('items.manage.nameJa')}</th>
              <th scope="col">{t('items.manage.nameEn')}</th>
              <th scope="col">{t('items.manage.price')}</th>
              <th scope="col">{t('items.manage.rate')}</th>
              <th scope="col">{t('items.manage.category')}</th>
              <th scope="col">{t('items.manage.active')}</th>
              <td />
            </tr>
          </thead>
          <tbody>
            {view.items.map((item) => (
              <tr key={item.id}>
                <th scope="row" lang="ja">
                  {item.name.ja}
                </th>
                <td lang="en">{item.name.en}</td>
                <td className="amount">{fmt.money(item.price)}</td>
                <td>{item.rate === REDUCED_RATE ? `${item.rate}% ※` : `${item.rate}%`}</td>
                <td>{t(`items.categories.${item.category}`)}</td>
                <td>{item.active ? t('items.manage.active') : t('items.manage.inactive')}</td>
                <td>
                  {!managed && (
                    <button
                      type="button"
                      aria-label={`${t('items.manage.edit')}: ${item.name[lang]}`}
                      onClick={() => setEditing(draftOf(item))}
                    >
                      {t('items.manage.edit')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {managed ? null : editing ? (
        <ItemForm draft={editing} done={() => setEditing(null)} />
      ) : (
        <button type="button" onClick={() => setEditing({ ...EMPTY })}>
          {t('items.manage.add')}
        </button>
      )}
    </section>
  );
}

function ItemForm({ draft, done }: { draft: ItemDraft; done: () => void }) {
  const { t } = useTranslation();
  const { stores } = useApp();
  const id = useId();
  const [d, setD] = useState(draft);
  const saving = useSlice(stores.items, (s) => s.saving);
  const error = useSlice(stores.items, (s) => s.saveError);
  const set = (patch: Partial<ItemDraft>) => setD({ ...d, ...patch });
  return (
    <form
      className="item-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        void stores.items
          .getState()
          .save(d)
          .then((ok) => ok && done());
      }}
    >
      <h4 id={`${id}-title`}>{d.id ? t('items.manage.edit') : t('items.manage.add')}</h4>
      <label className="field">
        <span>{t('items.manage.nameJa')}</span>
        <input
          type="text"
          lang="ja"
          required
          maxLength={60}
          value={d.name.ja}
          onChange={(e) => set({ name: { ...d.name, ja: e.target.value } })}
        />
      </label>
      <label className="field">
        <span>{t('items.manage.nameEn')}</span>
        <input
          type="text"
          lang="en"
          required
          maxLength={60}
          value={d.name.en}
          onChange={(e) => set({ name: { ...d.name, en: e.target.value } })}
        />
      </label>
      <label className="field">
        <span>{t('items.manage.price')}</span>
        <input
          type="number"
          inputMode="numeric"
          min={0}
          max={1_000_000}
          required
          value={d.price}
          onChange={(e) => set({ price: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
        />
      </label>
      <label className="field">
        <span>{t('items.manage.rate')}</span>
        <select value={d.rate} onChange={(e) => set({ rate: e.target.value === '8' ? 8 : 10 })}>
          <option value="10">{t('items.manage.standard')}</option>
          <option value="8">{t('items.manage.reducedRate')}</option>
        </select>
      </label>
      <label className="field">
        <span>{t('items.manage.category')}</span>
        <select
          value={d.category}
          onChange={(e) => set({ category: ItemCategory.parse(e.target.value) })}
        >
          {ItemCategory.options.map((c) => (
            <option key={c} value={c}>
              {t(`items.categories.${c}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="choice">
        <input
          type="checkbox"
          checked={d.active}
          onChange={(e) => set({ active: e.target.checked })}
        />
        <span>{t('items.manage.active')}</span>
      </label>
      {error && <ErrorNote code={error.code} />}
      <div className="actions">
        <button type="button" onClick={done}>
          {t('items.manage.cancel')}
        </button>
        <button type="submit" className="primary" disabled={saving}>
          {t('items.manage.save')}
        </button>
      </div>
    </form>
  );
}
