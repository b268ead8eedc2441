/** The organisation's people (owner only): who may sign in, as what, to which stores; add one. */
import { useCallback, useState, type FormEvent } from 'react';
import { NewUser, Role } from '../../../protocol/web';
import { useSession } from '../app/context';
import { useLoad } from '../app/useLoad';
import { ErrorNote } from '../components/ErrorNote';
import { useWords } from '../i18n';

export function Users() {
  const words = useWords();
  const w = words.users;
  const { client, me } = useSession();
  const load = useCallback(() => client.users(), [client]);
  const { data, error, loading, reload } = useLoad(load);
  const storeName = new Map(me.stores.map((s) => [s.id, s.name]));
  return (
    <section aria-labelledby="users-title">
      <h1 id="users-title">{w.title}</h1>
      {error !== null && <ErrorNote error={error} onRetry={reload} />}
      {loading && !data && <p className="loading">{words.common.loading}</p>}
      {data && (
        <table className="plain">
          <thead>
            <tr>
              <th scope="col">{w.email}</th>
              <th scope="col">{w.role}</th>
              <th scope="col">{w.stores}</th>
            </tr>
          </thead>
          <tbody>
            {data.users.map((u) => (
              <tr key={u.id}>
                <th scope="row">{u.email}</th>
                <td>{words.roles[u.role]}</td>
                <td>
                  {u.role === 'manager'
                    ? u.storeIds.map((id) => storeName.get(id) ?? id).join('、')
                    : w.allStores}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <AddUser onAdded={reload} />
    </section>
  );
}

function AddUser({ onAdded }: { onAdded(): void }) {
  const words = useWords();
  const w = words.users;
  const { client, me } = useSession();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('manager');
  const [storeIds, setStoreIds] = useState<string[]>([]);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [added, setAdded] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    setError(null);
    if (password.length < 12) {
      setProblem(w.passwordShort);
      return;
    }
    const user = NewUser.safeParse({
      email,
      role,
      storeIds: role === 'manager' ? storeIds : [],
      password,
    });
    if (!user.success) {
      setProblem(words.errors.invalid);
      return;
    }
    if (user.data.role === 'manager' && user.data.storeIds.length === 0) {
      setProblem(w.needStore);
      return;
    }
    setProblem(null);
    try {
      await client.addUser(user.data);
      setAdded(w.added(user.data.email));
      setEmail('');
      setPassword('');
      setStoreIds([]);
      onAdded();
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <form className="add-user" onSubmit={(e) => void submit(e)} aria-labelledby="add-user-title">
      <h2 id="add-user-title">{w.add}</h2>
      <label>
        {w.email}
        <input
          type="email"
          required
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      <label>
        {w.role}
        <select value={role} onChange={(e) => setRole(Role.parse(e.target.value))}>
          {Role.options.map((r) => (
            <option key={r} value={r}>
              {words.roles[r]}
            </option>
          ))}
        </select>
      </label>
      {role === 'manager' && (
        <fieldset className="store-choices">
          <legend>{w.storesHint}</legend>
          {me.stores.map((s) => (
            <label key={s.id} className="choice">
              <input
                type="checkbox"
                checked={storeIds.includes(s.id)}
                onChange={(e) =>
                  setStoreIds(
                    e.target.checked ? [...storeIds, s.id] : storeIds.filter((id) => id !== s.id),
                  )
                }
              />
              {s.name}
            </label>
          ))}
        </fieldset>
      )}
      <label>
        {w.password}
        <input
          type="password"
          required
          minLength={12}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      {problem && (
        <p className="error-note" role="alert">
          {problem}
        </p>
      )}
      {error !== null && <ErrorNote error={error} />}
      <p role="status">{added}</p>
      <button type="submit" className="primary">
        {w.add}
      </button>
    </form>
  );
}
