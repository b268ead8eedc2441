/**
 * A period's figures (a day, a week from Monday, a month) for one store or the chain, beside the
 * period before: by day, by product, by payment method, by hour, by staff, by store.
 */
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { PeriodUnit, type PeriodAnswer, type PeriodFigures } from '../../../../protocol/web';
import { useSession } from '../../app/context';
import { useLoad } from '../../app/useLoad';
import { BarChart } from '../../components/BarChart';
import { ErrorNote } from '../../components/ErrorNote';
import { StoreSelect } from '../../components/StoreSelect';
import { day, useYen } from '../../format';
import { useWords, type Words } from '../../i18n';
import { methodName } from '../today/StoreCard';

interface Query {
  unit: PeriodUnit;
  date: string;
  storeId: string;
}

export function Period() {
  const words = useWords();
  const w = words.period;
  const { client } = useSession();
  const [form, setForm] = useState<Query>(() => ({ unit: 'day', date: day(), storeId: '' }));
  const [asked, setAsked] = useState<Query>(form);
  const load = useCallback(
    () =>
      client.period({
        unit: asked.unit,
        date: asked.date,
        ...(asked.storeId ? { storeId: asked.storeId } : {}),
      }),
    [client, asked],
  );
  const { data, error, loading, reload } = useLoad(load);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsked({ ...form });
  };

  return (
    <section aria-labelledby="period-title">
      <h1 id="period-title">{w.title}</h1>
      <form className="query" onSubmit={submit}>
        <fieldset className="units">
          <legend>{w.unit}</legend>
          {PeriodUnit.options.map((unit) => (
            <label key={unit} className="choice">
              <input
                type="radio"
                name="unit"
                value={unit}
                checked={form.unit === unit}
                onChange={() => setForm({ ...form, unit })}
              />
              {w.units[unit]}
            </label>
          ))}
        </fieldset>
        <label>
          {w.date}
          <input
            type="date"
            required
            value={form.date}
            onChange={(e) => setForm({ ...form, date: e.target.value })}
          />
        </label>
        <StoreSelect
          value={form.storeId}
          onChange={(storeId) => setForm({ ...form, storeId })}
          all={w.chain}
        />
        <button type="submit" className="primary">
          {w.show}
        </button>
      </form>
      {error !== null && <ErrorNote error={error} onRetry={reload} />}
      {loading && !data && <p className="loading">{words.common.loading}</p>}
      {data && <Figures answer={data} words={words} />}
    </section>
  );
}

function Figures({ answer, words }: { answer: PeriodAnswer; words: Words }) {
  const w = words.period;
  const yen = useYen();
  const { current, previous } = answer;
  const byDay = useMemo(
    () => [
      {
        label: `${w.current} (${w.range(current.from, current.to)})`,
        values: current.byDay.map((d) => d.amount),
      },
      {
        label: `${w.previous} (${w.range(previous.from, previous.to)})`,
        values: current.byDay.map((_, i) => previous.byDay[i]?.amount ?? 0),
      },
    ],
    [current, previous, w],
  );
  const dayLabels = useMemo(() => current.byDay.map((d) => d.date), [current]);
  return (
    <div className="figures-period">
      <dl className="period-totals">
        <div>
          <dt>{w.current}</dt>
          <dd>
            {w.range(current.from, current.to)}: <strong>{yen(current.total)}</strong> (
            {words.common.times(current.count)})
          </dd>
        </div>
        <div>
          <dt>{w.previous}</dt>
          <dd>
            {w.range(previous.from, previous.to)}: <strong>{yen(previous.total)}</strong> (
            {words.common.times(previous.count)})
          </dd>
        </div>
      </dl>
      <div className="charts">
        <BarChart title={w.byDay} labels={dayLabels} series={byDay} labelHeader={w.day} />
        <Breakdown title={w.byProduct} rows={current.byProduct} words={words} />
        <Breakdown
          title={w.byMethod}
          rows={current.byMethod.map((r) => ({ ...r, label: methodLabel(words, r.key, r.label) }))}
          words={words}
        />
        <Breakdown
          title={w.byHour}
          rows={current.byHour.map((r) => ({ ...r, label: w.hour(r.key.padStart(2, '0')) }))}
          words={words}
        />
        <Breakdown title={w.byStaff} rows={current.byStaff} words={words} />
        {answer.storeId === null && (
          <Breakdown title={w.byStore} rows={current.byStore} words={words} />
        )}
      </div>
    </div>
  );
}

/** `card` or `card:VISA`: the method in the page's words, the brand as it came. */
function methodLabel(words: Words, key: string, label: string): string {
  const [method, brand] = key.split(':', 2);
  if (!method || !Object.hasOwn(words.methods, method)) return label;
  return brand
    ? `${methodName(words.methods, method)} · ${brand}`
    : methodName(words.methods, method);
}

function Breakdown({
  title,
  rows,
  words,
}: {
  title: string;
  rows: PeriodFigures['byProduct'];
  words: Words;
}) {
  const labels = useMemo(() => rows.map((r) => r.label), [rows]);
  const series = useMemo(
    () => [{ label: words.common.amount, values: rows.map((r) => r.amount) }],
    [rows, words],
  );
  const counts = useMemo(() => rows.map((r) => r.count), [rows]);
  return (
    <BarChart
      title={title}
      labels={labels}
      series={series}
      labelHeader={words.period.item}
      counts={counts}
      countHeader={words.common.count}
    />
  );
}
