/**
 * Exports for the books: a store, a period and a format (the journal CSV, freee's or 弥生's
 * import) → a file. The office is asked first for the export's report (what the file holds,
 * leaves out, changes), shown beside the download, then for the file; both through the client,
 * so a refusal is said in place, never as a broken download.
 */
import { useState, type FormEvent } from 'react';
import { ExportFormat, type ExportReport } from '../../../protocol/web';
import type { Download, ExportAsk } from '../api/client';
import { useSession } from '../app/context';
import { ErrorNote } from '../components/ErrorNote';
import { StoreSelect } from '../components/StoreSelect';
import { day } from '../format';
import { useWords } from '../i18n';
import { ExportReportView } from './ExportReportView';

const FREEE_KINDS = ['journal', 'deals'] as const;

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
  const [freee, setFreee] = useState<(typeof FREEE_KINDS)[number]>('journal');
  const [report, setReport] = useState<ExportReport | null>(null);
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
    setReport(null);
    const ask: ExportAsk = { storeId, from, to, ...(format === 'freee' ? { freee } : {}) };
    try {
      setReport(await client.exportReport(format, ask));
      const file = await client.exportFile(format, ask);
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
        {format === 'freee' && (
          <fieldset className="units">
            <legend>{w.freeeKind}</legend>
            {FREEE_KINDS.map((kind) => (
              <label key={kind} className="choice">
                <input
                  type="radio"
                  name="freee"
                  value={kind}
                  checked={freee === kind}
                  onChange={() => setFreee(kind)}
                />
                {w.freeeKinds[kind]}
              </label>
            ))}
          </fieldset>
        )}
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
      {report && <ExportReportView report={report} />}
    </section>
  );
}
