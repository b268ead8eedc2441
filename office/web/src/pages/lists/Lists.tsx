/**
 * The chain's lists (decisions AB70–AB79): items and prices, discount reasons and staff, set at
 * the office for every store or for one. A list and a scope are chosen; the entries the scope's
 * counters get are shown (with a store: its own over every store's, marked whose), added and
 * edited; and whether the office manages the list at a store (then read-only at its counters) is
 * turned on or off. The owner may do all of it, a manager for their own stores only (no "every
 * store" scope), an accountant only reads. The office holds each to it too (office/lists/routes.ts).
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { ItemCategory, StaffRole } from '../../../../../main/common';
import type { ListAnswer, ListName } from '../../../../protocol/lists';
import { useSession } from '../../app/context';
import { useLoad } from '../../app/useLoad';
import { ErrorNote } from '../../components/ErrorNote';
import { useYen } from '../../format';
import { useLang, useWords } from '../../i18n';
import {
  draftOf,
  EMPTY,
  fieldsOf,
  LISTS,
  nameOf,
  shownEntries,
  type Fields,
  type Shown,
} from './entries';

type Editing = { fields: Fields; name: string | null };

export function Lists() {
  const words = useWords();
  const w = words.lists;
  const { client, me } = useSession();
  const mayEdit = me.role !== 'accountant';
  // A manager has no "every store" scope: their stores are the ones the office names in Me.
  const hasAll = me.role !== 'manager';
  const [list, setList] = useState<ListName>('items');
  const [scope, setScope] = useState(hasAll ? '' : (me.stores[0]?.id ?? ''));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const storeId = scope === '' ? null : scope;
  const load = useCallback(() => client.list(list, storeId), [client, list, storeId]);
  const { data: fresh, error, loading, reload } = useLoad(load);
  // While the list is read again after a change, the last answer of the same list and scope stays
  // on the page: the switch or button just used keeps the focus.
  const [last, setLast] = useState<ListAnswer | null>(null);
  if (fresh !== null && fresh !== last) setLast(fresh);
  const data =
    fresh ??
    (loading && last !== null && last.list === list && last.storeId === storeId ? last : null);
  const storeName = (id: string) => me.stores.find((s) => s.id === id)?.name ?? id;
  const scopeName = storeId === null ? w.allStores : storeName(storeId);

  const choose = (next: { list?: ListName; scope?: string }) => {
    setEditing(null);
    setSaved(null);
    if (next.list) setList(next.list);
    if (next.scope !== undefined) setScope(next.scope);
  };

  return (
    <section aria-labelledby="lists-title" className="lists">
      <h1 id="lists-title">{w.title}</h1>
      <p className="hint">{w.hint}</p>
      {!mayEdit && <p className="hint">{w.readOnly}</p>}
      <form className="query lists-choice" onSubmit={(e) => e.preventDefault()}>
        <fieldset className="units">
          <legend>{w.list}</legend>
          {LISTS.map((name) => (
            <label key={name} className="choice">
              <input
                type="radio"
                name="list"
                value={name}
                checked={list === name}
                onChange={() => choose({ list: name })}
              />
              {w.names[name]}
            </label>
          ))}
        </fieldset>
        <label>
          {w.scope}
          <select value={scope} onChange={(e) => choose({ scope: e.target.value })}>
            {hasAll && <option value="">{w.allStores}</option>}
            {me.stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      </form>
      {error !== null && <ErrorNote error={error} onRetry={reload} />}
      {loading && !data && <p className="loading">{words.common.loading}</p>}
      {data && (
        <>
          <Managed
            list={list}
            answer={data}
            mayEdit={mayEdit}
            storeName={storeName}
            onChanged={() => {
              setSaved(w.managed.changed);
              reload();
            }}
          />
          <EntryTable
            list={list}
            answer={data}
            caption={w.entries(w.names[list], scopeName)}
            mayEdit={mayEdit}
            onEdit={(shown, name) => {
              setSaved(null);
              setEditing({ fields: fieldsOf(list, shown.entry), name });
            }}
          />
          {mayEdit && !editing && (
            <p>
              <button
                type="button"
                onClick={() => {
                  setSaved(null);
                  setEditing({ fields: EMPTY, name: null });
                }}
              >
                {w.add[list]}
              </button>
            </p>
          )}
        </>
      )}
      <p role="status">{saved}</p>
      {mayEdit && editing && (
        <EntryForm
          key={`${list}:${scope}:${editing.fields.id ?? 'new'}`}
          list={list}
          storeId={storeId}
          scopeName={scopeName}
          shown={data ? shownEntries(list, data) : []}
          editing={editing}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setSaved(w.saved);
            reload();
          }}
        />
      )}
    </section>
  );
}

/** Whether the office manages this list, at the scope's store or at each store; and a switch. */
function Managed({
  list,
  answer,
  mayEdit,
  storeName,
  onChanged,
}: {
  list: ListName;
  answer: ListAnswer;
  mayEdit: boolean;
  storeName(id: string): string;
  onChanged(): void;
}) {
  const words = useWords();
  const w = words.lists.managed;
  // The office's answer is read again after a change (its managedStores say the new state).
  const { client, me } = useSession();
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const managed = new Set(answer.managedStores);
  const stores = answer.storeId === null ? me.stores.map((s) => s.id) : [answer.storeId];
  const isManaged = (id: string) =>
    id === answer.storeId && answer.managed !== null ? answer.managed : managed.has(id);

  const change = async (storeId: string | null, on: boolean) => {
    setWorking(true);
    setError(null);
    try {
      await client.setManaged(list, storeId, on);
      onChanged();
    } catch (failure) {
      setError(failure);
    } finally {
      setWorking(false);
    }
  };

  return (
    <div className="managed" role="group" aria-labelledby="managed-title">
      <h2 id="managed-title">{w.title}</h2>
      <p className="hint">{w.explain}</p>
      {answer.storeId === null && (
        <p>{w.count(stores.filter((id) => managed.has(id)).length, stores.length)}</p>
      )}
      <ul className="managed-stores">
        {stores.map((id) => (
          <li key={id}>
            {mayEdit ? (
              <label className="choice">
                <input
                  type="checkbox"
                  checked={isManaged(id)}
                  disabled={working}
                  onChange={(e) => void change(id, e.target.checked)}
                />
                {w.store(storeName(id))}
              </label>
            ) : (
              <>
                {storeName(id)}: {isManaged(id) ? w.on : w.off}
              </>
            )}
          </li>
        ))}
      </ul>
      {mayEdit && answer.storeId === null && me.role === 'owner' && (
        <p className="managed-all">
          <button type="button" disabled={working} onClick={() => void change(null, true)}>
            {w.allOn}
          </button>{' '}
          <button type="button" disabled={working} onClick={() => void change(null, false)}>
            {w.allOff}
          </button>
        </p>
      )}
      {error !== null && <ErrorNote error={error} />}
    </div>
  );
}

function EntryTable({
  list,
  answer,
  caption,
  mayEdit,
  onEdit,
}: {
  list: ListName;
  answer: ListAnswer;
  caption: string;
  mayEdit: boolean;
  onEdit(shown: Shown, name: string): void;
}) {
  const words = useWords();
  const w = words.lists;
  const lang = useLang();
  const yen = useYen();
  const shown = shownEntries(list, answer);
  const byStore = answer.storeId !== null;
  if (shown.length === 0)
    return (
      <>
        <h2>{caption}</h2>
        <p>{w.none}</p>
      </>
    );
  const headers =
    list === 'items'
      ? [w.item.nameJa, w.item.nameEn, w.item.price, w.item.rate, w.item.category, w.item.state]
      : list === 'discountReasons'
        ? [w.reason.ja, w.reason.en, w.reason.state, w.reason.note]
        : [w.staff.name, w.staff.role, w.staff.state];
  return (
    <table className="plain lists-entries">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {headers.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
          {byStore && <th scope="col">{w.from}</th>}
          {mayEdit && <td />}
        </tr>
      </thead>
      <tbody>
        {shown.map((s) => {
          const name = nameOf(list, s.entry, lang);
          return (
            <tr key={s.entry.id}>
              {list === 'items' && 'price' in s.entry && (
                <>
                  <th scope="row">{s.entry.name.ja}</th>
                  <td lang="en">{s.entry.name.en}</td>
                  <td className="num">{yen(s.entry.price)}</td>
                  <td>{w.item.rateName(s.entry.rate)}</td>
                  <td>{w.item.categories[s.entry.category]}</td>
                  <td>{s.entry.active ? w.item.onSale : w.item.offSale}</td>
                </>
              )}
              {list === 'discountReasons' && 'words' in s.entry && (
                <>
                  <th scope="row">{s.entry.words.ja}</th>
                  <td lang="en">{s.entry.words.en}</td>
                  <td>{s.entry.active ? w.reason.inUse : w.reason.notInUse}</td>
                  <td>{s.entry.noteRequired ? w.yes : w.no}</td>
                </>
              )}
              {list === 'staff' && 'role' in s.entry && (
                <>
                  <th scope="row">{s.entry.name}</th>
                  <td>{w.staff.roles[s.entry.role]}</td>
                  <td>{s.entry.removed ? w.staff.gone : w.staff.present}</td>
                </>
              )}
              {byStore && (
                <td>
                  <span className={s.own ? 'scope-mark own' : 'scope-mark'}>
                    {s.own ? w.own : w.chain}
                  </span>
                </td>
              )}
              {mayEdit && (
                <td>
                  <button type="button" onClick={() => onEdit(s, name)}>
                    {w.edit(name)}
                  </button>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function EntryForm({
  list,
  storeId,
  scopeName,
  shown,
  editing,
  onCancel,
  onSaved,
}: {
  list: ListName;
  storeId: string | null;
  scopeName: string;
  /** The scope's entries, which a reason's words must not repeat. */
  shown: readonly Shown[];
  editing: Editing;
  onCancel(): void;
  onSaved(): void;
}) {
  const words = useWords();
  const w = words.lists;
  const { client } = useSession();
  const [f, setF] = useState<Fields>(editing.fields);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [working, setWorking] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const set = (change: Partial<Fields>) => setF({ ...f, ...change });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const checked = draftOf(list, f, shown);
    if ('problem' in checked) {
      setProblem(w.problems[checked.problem]);
      return;
    }
    setProblem(null);
    setWorking(true);
    try {
      await client.saveList(list, storeId, [checked.draft]);
      onSaved();
    } catch (failure) {
      setError(failure);
    } finally {
      setWorking(false);
    }
  };

  return (
    // The page says what is wrong in its own words, in place (not the browser's bubble).
    <form
      className="list-entry"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby="list-entry-title"
    >
      <h2 id="list-entry-title" ref={title} tabIndex={-1}>
        {editing.name === null ? w.add[list] : w.editTitle(editing.name)}
      </h2>
      <p className="hint">{storeId === null ? w.savesChain : w.savesStore(scopeName)}</p>
      {list === 'items' && (
        <>
          <label>
            {w.item.nameJa}
            <input
              type="text"
              required
              maxLength={60}
              value={f.ja}
              onChange={(e) => set({ ja: e.target.value })}
            />
          </label>
          <label>
            {w.item.nameEn}
            <input
              type="text"
              lang="en"
              required
              maxLength={60}
              value={f.en}
              onChange={(e) => set({ en: e.target.value })}
            />
          </label>
          <label>
            {w.item.price}
            <input
              type="number"
              inputMode="numeric"
              required
              min={0}
              step={1}
              value={f.price}
              onChange={(e) => set({ price: e.target.value })}
            />
          </label>
          <label>
            {w.item.rate}
            <select
              value={f.rate}
              onChange={(e) => set({ rate: e.target.value === '8' ? '8' : '10' })}
            >
              <option value="10">{w.item.rateName(10)}</option>
              <option value="8">{w.item.rateName(8)}</option>
            </select>
          </label>
          <label>
            {w.item.category}
            <select
              value={f.category}
              onChange={(e) => set({ category: ItemCategory.parse(e.target.value) })}
            >
              {ItemCategory.options.map((c) => (
                <option key={c} value={c}>
                  {w.item.categories[c]}
                </option>
              ))}
            </select>
          </label>
          <label className="choice">
            <input
              type="checkbox"
              checked={f.active}
              onChange={(e) => set({ active: e.target.checked })}
            />
            {w.item.active}
          </label>
        </>
      )}
      {list === 'discountReasons' && (
        <>
          <label>
            {w.reason.ja}
            <input
              type="text"
              required
              maxLength={40}
              value={f.ja}
              onChange={(e) => set({ ja: e.target.value })}
            />
          </label>
          <label>
            {w.reason.en}
            <input
              type="text"
              lang="en"
              required
              maxLength={40}
              value={f.en}
              onChange={(e) => set({ en: e.target.value })}
            />
          </label>
          <label className="choice">
            <input
              type="checkbox"
              checked={f.active}
              onChange={(e) => set({ active: e.target.checked })}
            />
            {w.reason.active}
          </label>
          <label className="choice">
            <input
              type="checkbox"
              checked={f.noteRequired}
              onChange={(e) => set({ noteRequired: e.target.checked })}
            />
            {w.reason.noteRequired}
          </label>
        </>
      )}
      {list === 'staff' && (
        <>
          <p className="hint pin-note">{w.staff.pin}</p>
          <label>
            {w.staff.name}
            <input
              type="text"
              required
              maxLength={40}
              autoComplete="off"
              value={f.name}
              onChange={(e) => set({ name: e.target.value })}
            />
          </label>
          <label>
            {w.staff.role}
            <select value={f.role} onChange={(e) => set({ role: StaffRole.parse(e.target.value) })}>
              {StaffRole.options.map((r) => (
                <option key={r} value={r}>
                  {w.staff.roles[r]}
                </option>
              ))}
            </select>
          </label>
          <label className="choice">
            <input
              type="checkbox"
              checked={f.removed}
              onChange={(e) => set({ removed: e.target.checked })}
            />
            {w.staff.removed}
          </label>
        </>
      )}
      {problem && (
        <p className="error-note" role="alert">
          {problem}
        </p>
      )}
      {error !== null && <ErrorNote error={error} />}
      <p className="form-actions">
        <button type="submit" className="primary" disabled={working}>
          {w.save}
        </button>{' '}
        <button type="button" onClick={onCancel}>
          {w.cancel}
        </button>
      </p>
    </form>
  );
}
