/**
 * The accounts the exports post to (decision AB60), the owner's to change: the fixed ones, and an
 * account and sub-account (補助科目) per method or brand (`card`, `card:VISA`, `qr:PayPay`).
 */
import { useCallback, useState, type FormEvent } from 'react';
import { AccountMapping } from '../../../protocol/web';
import { useSession } from '../app/context';
import { useLoad } from '../app/useLoad';
import { ErrorNote } from '../components/ErrorNote';
import { useWords } from '../i18n';

type Fixed = 'sales' | 'cash' | 'receivable' | 'cashMoves' | 'overShortLoss' | 'overShortGain';
const FIXED: readonly Fixed[] = [
  'sales',
  'cash',
  'receivable',
  'cashMoves',
  'overShortLoss',
  'overShortGain',
];

interface MethodRow {
  key: string;
  account: string;
  subAccount: string;
}

function rowsOf(mapping: AccountMapping): MethodRow[] {
  const keys = [...new Set([...Object.keys(mapping.methods), ...Object.keys(mapping.subAccounts)])];
  return keys.map((key) => ({
    key,
    account: mapping.methods[key] ?? '',
    subAccount: mapping.subAccounts[key] ?? '',
  }));
}

function mappingOf(fixed: Record<Fixed, string>, rows: readonly MethodRow[]): AccountMapping {
  const used = rows.filter((r) => r.key.trim());
  return {
    ...fixed,
    methods: Object.fromEntries(
      used.filter((r) => r.account.trim()).map((r) => [r.key.trim(), r.account.trim()]),
    ),
    subAccounts: Object.fromEntries(
      used.filter((r) => r.subAccount.trim()).map((r) => [r.key.trim(), r.subAccount.trim()]),
    ),
  };
}

export function Accounts() {
  const words = useWords();
  const { client } = useSession();
  const load = useCallback(() => client.accounts(), [client]);
  const { data, error, loading, reload } = useLoad(load);
  return (
    <section aria-labelledby="accounts-title">
      <h1 id="accounts-title">{words.accounts.title}</h1>
      <p className="hint">{words.accounts.hint}</p>
      {error !== null && <ErrorNote error={error} onRetry={reload} />}
      {loading && !data && <p className="loading">{words.common.loading}</p>}
      {data && <AccountsForm initial={data} />}
    </section>
  );
}

function AccountsForm({ initial }: { initial: AccountMapping }) {
  const words = useWords();
  const w = words.accounts;
  const { client } = useSession();
  const [fixed, setFixed] = useState<Record<Fixed, string>>(() => ({
    sales: initial.sales,
    cash: initial.cash,
    receivable: initial.receivable,
    cashMoves: initial.cashMoves,
    overShortLoss: initial.overShortLoss,
    overShortGain: initial.overShortGain,
  }));
  const [rows, setRows] = useState<MethodRow[]>(() => rowsOf(initial));
  const [error, setError] = useState<unknown>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const editRow = (i: number, change: Partial<MethodRow>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setError(null);
    // Checked here with the protocol's own schema, so a blank account is said before sending.
    const mapping = AccountMapping.safeParse(mappingOf(fixed, rows));
    if (!mapping.success) {
      setProblem(words.errors.invalid);
      return;
    }
    setProblem(null);
    try {
      await client.saveAccounts(mapping.data);
      setSaved(true);
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <form className="accounts" onSubmit={(e) => void submit(e)}>
      <div className="fixed-accounts">
        {FIXED.map((name) => (
          <label key={name}>
            {w[name]}
            <input
              type="text"
              required
              maxLength={40}
              value={fixed[name]}
              onChange={(e) => setFixed({ ...fixed, [name]: e.target.value })}
            />
          </label>
        ))}
      </div>
      <table className="plain">
        <caption>{w.methods}</caption>
        <thead>
          <tr>
            <th scope="col">{w.key}</th>
            <th scope="col">{w.account}</th>
            <th scope="col">{w.subAccount}</th>
            <td />
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              <td>
                <input
                  type="text"
                  aria-label={w.key}
                  maxLength={60}
                  value={row.key}
                  onChange={(e) => editRow(i, { key: e.target.value })}
                />
              </td>
              <td>
                <input
                  type="text"
                  aria-label={`${row.key} ${w.account}`}
                  maxLength={40}
                  value={row.account}
                  onChange={(e) => editRow(i, { account: e.target.value })}
                />
              </td>
              <td>
                <input
                  type="text"
                  aria-label={`${row.key} ${w.subAccount}`}
                  maxLength={40}
                  value={row.subAccount}
                  onChange={(e) => editRow(i, { subAccount: e.target.value })}
                />
              </td>
              <td>
                <button type="button" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                  {w.remove(row.key)}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <button
          type="button"
          onClick={() => setRows([...rows, { key: '', account: '', subAccount: '' }])}
        >
          {w.add}
        </button>
      </p>
      {problem && (
        <p className="error-note" role="alert">
          {problem}
        </p>
      )}
      {error !== null && <ErrorNote error={error} />}
      <p role="status">{saved && w.saved}</p>
      <button type="submit" className="primary">
        {w.save}
      </button>
    </form>
  );
}
