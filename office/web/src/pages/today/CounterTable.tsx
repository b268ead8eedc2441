/** Each counter of a store: its last record, open or closed, what it still has to send, who is on the till. */
import type { LiveStore } from '../../../../protocol/web';
import { day, dayAndTime, hhmm } from '../../format';
import { useWords } from '../../i18n';

/** Today's times as HH:MM; an older one with its day. */
function when(at: number | string, today: string): string {
  return day(at) === today ? hhmm(at) : dayAndTime(at);
}

export function CounterTable({
  counters,
  today,
}: {
  counters: LiveStore['counters'];
  today: string;
}) {
  const words = useWords();
  const w = words.today.counter;
  return (
    <table className="counters">
      <thead>
        <tr>
          <th scope="col">{w.name}</th>
          <th scope="col">{w.lastRecord}</th>
          <th scope="col">{w.state}</th>
          <th scope="col">{w.staff}</th>
          <th scope="col">{w.lastSeen}</th>
        </tr>
      </thead>
      <tbody>
        {counters.map((c) => (
          <tr key={c.id}>
            <th scope="row">{c.name}</th>
            <td>{c.lastRecordAt === null ? w.never : when(c.lastRecordAt, today)}</td>
            <td>
              {c.dayClosed === null ? w.unknown : c.dayClosed ? w.closed : w.open}
              {c.toSend !== null && (
                <span className={c.toSend > 0 ? 'to-send waiting' : 'to-send'}>
                  {' · '}
                  {c.toSend > 0 ? w.toSend(c.toSend) : w.allSent}
                </span>
              )}
            </td>
            <td>{c.staffOnTill?.name ?? w.never}</td>
            <td>{c.lastSeenAt === null ? w.never : when(c.lastSeenAt, today)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
