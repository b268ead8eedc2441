/**
 * The dayview bench's host in a process of its own (`node --import tsx`), as a counter's host runs
 * after a reboot: the browser host on the busy day's scenario with the business clock at 09:30 in
 * Kyoto (as the e2e specs start it), synced whole before it says where it is. Prints one JSON line
 * (`{ url, origin, token }`) on stdout once the day holds every reservation, then one line
 * (`{ patch }`: its bytes) for every `day.changed` that carries a patch; stops on SIGTERM.
 */
import { DateTime } from 'luxon';
import type { EventPayload } from '../../main/ipc/contract';
import { DEMO } from '../../sandbox/scenario/demo';
import { generateScenario } from '../../sandbox/scenario/generate';
import { startHost } from '../../test/e2e/support/host';
import { syncedDay } from '../days.bench';

const [reservations, products, seed] = process.argv.slice(2).map(Number) as [
  number,
  number,
  number,
];
const host = await startHost({
  now: DateTime.now().setZone('Asia/Tokyo').set({ hour: 9, minute: 30 }).toUTC().toISO()!,
  scenario: generateScenario({ reservations, days: 1, store: DEMO.stores.kyoto, products, seed }),
});
await syncedDay(host, reservations);
host.composed.events.subscribe((event, payload) => {
  if (event === 'day.changed' && (payload as EventPayload<'day.changed'>).patch)
    process.stdout.write(`${JSON.stringify({ patch: JSON.stringify(payload).length })}\n`);
});
process.stdout.write(
  `${JSON.stringify({ url: host.url, origin: host.origin, token: host.token })}\n`,
);
process.once('SIGTERM', () => void host.close().then(() => process.exit(0)));
