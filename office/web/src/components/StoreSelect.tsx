/** A choice of the stores this person may see; `all` adds "the whole chain" first. */
import { useSession } from '../app/context';
import { useWords } from '../i18n';

export function StoreSelect({
  value,
  onChange,
  all,
}: {
  value: string;
  onChange(storeId: string): void;
  /** The label of the chain-wide choice (value ''), when there is one. */
  all?: string;
}) {
  const words = useWords();
  const { me } = useSession();
  return (
    <label>
      {words.common.store}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {all && <option value="">{all}</option>}
        {me.stores.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </label>
  );
}
