/** Each counter of a store: its last record, open or closed, what it still has to send, who is on the till. */
import type { LiveStore } from '../../../../protocol/web';
import { dayAndTime, hhmm } from '../../format';
import { useWords } from '../../i18n';

export function CounterTable({ counters }: { counters: LiveStore['counters'] }) {
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
            <td>{c.lastRecordAt === null ? w.never : hhmm(c.lastRecordAt)}</td>
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
            <td>{c.lastSeenAt === null ? w.never : dayAndTime(c.lastSeenAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
