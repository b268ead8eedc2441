/**
 * `npm run sandbox -- [options]`: run the sandbox Reservation Service alone.
 * Once listening it prints one JSON line: { baseUrl, controlUrl, keys }.
 * `--generate N --out FILE` writes a large scenario for benchmarks instead.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { startSandbox } from './index';
import { generateScenario } from './scenario/generate';

const HELP = `Usage: npm run sandbox -- [options]

  --port N               API port (default 0: a free port)
  --control-port N       also serve the control surface over HTTP (0: a free port)
  --control-token T      require "Authorization: Bearer T" on the control surface
  --scenario FILE        scenario or snapshot file (default: the demo business)
  --now ISO              start the clock here (default: now)
  --freeze               keep the clock still
  --window-ms N          rate-limit window (default 60000)
  --standard-limit N     requests per window on the standard plan (default 60)
  --facility-limit N     requests per window on the facility plan (default 300)
  --seed N               fault sequence seed (default 1)
  --latency MIN-MAX      added latency in ms, e.g. 50-200
  --processing-ms N      time a write holds its idempotency key
  --reset-rate P  --timeout-rate P  --rate-503 P  --rate-429 P  --drop-rate P
                         probabilities of injected faults per request (0..1)
  --fresh-keys           replace the demo keys with random tokens
  --spec-only            serve only what the spec shows: its "not shown" endpoints answer 404,
                         answers carry only the spec's fields (docs/decisions.md)
  --log                  log requests to stderr
  --generate N --out FILE  write a scenario with N reservations and exit
  --store ID             with --generate: put every reservation in this store
`;

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'control-port': { type: 'string' },
    'control-token': { type: 'string' },
    scenario: { type: 'string' },
    now: { type: 'string' },
    freeze: { type: 'boolean' },
    'window-ms': { type: 'string' },
    'standard-limit': { type: 'string' },
    'facility-limit': { type: 'string' },
    seed: { type: 'string' },
    latency: { type: 'string' },
    'processing-ms': { type: 'string' },
    'reset-rate': { type: 'string' },
    'timeout-rate': { type: 'string' },
    'rate-503': { type: 'string' },
    'rate-429': { type: 'string' },
    'drop-rate': { type: 'string' },
    'fresh-keys': { type: 'boolean' },
    'spec-only': { type: 'boolean' },
    log: { type: 'boolean' },
    generate: { type: 'string' },
    store: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
  strict: true,
});

function num(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`--${name} expects a number, got "${value}"`);
  return n;
}

async function main(): Promise<void> {
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  if (values.generate !== undefined) {
    if (!values.out) throw new Error('--generate needs --out FILE');
    const reservations = num('generate', values.generate)!;
    await writeFile(
      values.out,
      JSON.stringify(
        generateScenario({ reservations, seed: num('seed', values.seed), store: values.store }),
      ),
    );
    console.log(JSON.stringify({ wrote: values.out, reservations }));
    return;
  }
  const [min, max] = (values.latency ?? '0-0').split('-').map(Number);
  const running = await startSandbox({
    port: num('port', values.port) ?? 0,
    controlPort: num('control-port', values['control-port']),
    controlToken: values['control-token'],
    scenario: values.scenario,
    now: values.now,
    freezeClock: values.freeze,
    freshKeys: values['fresh-keys'],
    specOnly: values['spec-only'],
    logger: values.log,
    rateLimit: {
      windowMs: num('window-ms', values['window-ms']),
      perPlan: {
        ...(values['standard-limit'] && {
          standard: num('standard-limit', values['standard-limit'])!,
        }),
        ...(values['facility-limit'] && {
          facility: num('facility-limit', values['facility-limit'])!,
        }),
      },
    },
    faults: {
      seed: num('seed', values.seed) ?? 1,
      latencyMs: { min: min ?? 0, max: max ?? min ?? 0 },
      processingMs: num('processing-ms', values['processing-ms']) ?? 0,
      rates: {
        reset: num('reset-rate', values['reset-rate']) ?? 0,
        timeout: num('timeout-rate', values['timeout-rate']) ?? 0,
        error503: num('rate-503', values['rate-503']) ?? 0,
        error429: num('rate-429', values['rate-429']) ?? 0,
        dropAfterCommit: num('drop-rate', values['drop-rate']) ?? 0,
      },
    },
  });
  console.log(
    JSON.stringify({
      baseUrl: running.baseUrl,
      controlUrl: running.controlUrl,
      keys: running.keys,
    }),
  );
  const stop = () => {
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
