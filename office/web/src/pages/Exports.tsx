/**
 * Exports for the books: a store, a period and a format (the journal CSV, freee's or 弥生's
 * import) → a file. Fetched through the client (so a refusal is said in place, not as a broken
 * download), then handed to the browser as a download.
 */
import { useState, type FormEvent } from 'react';
import { ExportFormat } from '../../../protocol/web';
import type { Download } from '../api/client';
import { useSession } from '../app/context';
import { ErrorNote } from '../components/ErrorNote';
import { StoreSelect } from '../components/StoreSelect';
import { day } from '../format';
import { useWords } from '../i18n';

/** The browser saves the file: an object URL on a link clicked once, then let go. */
function save({ blob, name }: Download): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function Exports({ saveFile = save }: { saveFile?: (file: Download) => void }) {
  const words = useWords();
  const w = words.exports;
  const { client, me } = useSession();
  const today = day();
  const [storeId, setStoreId] = useState(me.stores[0]?.id ?? '');
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [format, setFormat] = useState<ExportFormat>('journal');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (from > to) {
      setProblem(words.search.badRange);
      return;
    }
    setProblem(null);
    setWorking(true);
    setError(null);
    setDone(null);
    try {
      const file = await client.exportFile(format, { storeId, from, to });
      saveFile(file);
      setDone(w.done(file.name));
    } catch (failure) {
      setError(failure);
    } finally {
      setWorking(false);
    }
  };

  return (
    <section aria-labelledby="exports-title">
      <h1 id="exports-title">{w.title}</h1>
      <form className="query" onSubmit={(e) => void submit(e)}>
        <StoreSelect value={storeId} onChange={setStoreId} />
        <label>
          {words.common.from}
          <input type="date" required value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          {words.common.to}
          <input type="date" required value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <fieldset className="units">
          <legend>{w.format}</legend>
          {ExportFormat.options.map((f) => (
            <label key={f} className="choice">
              <input
                type="radio"
                name="format"
                value={f}
                checked={format === f}
                onChange={() => setFormat(f)}
              />
              {w.formats[f]}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="primary" disabled={working || !storeId}>
          {working ? w.working : w.download}
        </button>
      </form>
      {problem && (
        <p className="error-note" role="alert">
          {problem}
        </p>
      )}
      {error !== null && <ErrorNote error={error} />}
      <p role="status">{done}</p>
    </section>
  );
}
