/**
 * `npm run office -- [options]`: the head office.
 *
 *   --data-dir DIR        its folder (default ~/.front-desk-office): TLS, master key, PGlite's files
 *   --database-url URL    a real PostgreSQL (postgres://…) instead of PGlite
 *   --port N              default 8443 (0: any free port)
 *   --listen ADDR         the address to listen on (default 0.0.0.0)
 *   --host NAME           a name counters reach the office by, put in its certificate (repeatable)
 *   --no-tls              plain HTTP, only behind a reverse proxy that terminates TLS (decision AB7)
 *   --setup-owner EMAIL   make the first owner now (password from FRONT_DESK_OFFICE_OWNER_PASSWORD,
 *                         organisation from --organisation), instead of POST /v1/setup
 *   --time-zone ZONE      the stores' clock (IANA, default Asia/Tokyo): today, and a sale's hour
 *   --quiet               no line per request
 *   --stop-with-stdin     stop when standard input closes (the program that started it is gone)
 *
 * Prints its address, the CA pin and, while there is no owner, the one-time set-up token.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startOffice } from './office';

const say = (line: string) => process.stdout.write(`${line}\n`);

const USAGE = `npm run office -- [options]
  --data-dir DIR        its folder (default ~/.front-desk-office)
  --database-url URL    a real PostgreSQL (postgres://…) instead of PGlite in the data dir
  --port N              default 8443
  --listen ADDR         default 0.0.0.0
  --host NAME           a name counters reach it by, for its certificate (repeatable)
  --no-tls              plain HTTP, only behind a TLS-terminating reverse proxy
  --setup-owner EMAIL   make the first owner (password: FRONT_DESK_OFFICE_OWNER_PASSWORD;
                        --organisation NAME)
  --time-zone ZONE      the stores' clock (IANA, default Asia/Tokyo)
  --quiet               no line per request
  --stop-with-stdin     stop when standard input closes (the program that started it is gone)`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      port: { type: 'string' },
      listen: { type: 'string' },
      host: { type: 'string', multiple: true },
      'no-tls': { type: 'boolean' },
      'setup-owner': { type: 'string' },
      organisation: { type: 'string' },
      'time-zone': { type: 'string' },
      quiet: { type: 'boolean' },
      'stop-with-stdin': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    say(USAGE);
    return;
  }
  const office = await startOffice({
    dataDir: values['data-dir'] ?? path.join(os.homedir(), '.front-desk-office'),
    databaseUrl: values['database-url'] ?? process.env.FRONT_DESK_OFFICE_DATABASE_URL,
    port: values.port === undefined ? 8443 : Number(values.port),
    host: values.listen ?? '0.0.0.0',
    hostnames: values.host ?? [],
    tls: !values['no-tls'],
    timeZone: values['time-zone'],
    log: values.quiet ? undefined : (line) => say(`${new Date().toISOString()} ${line}`),
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    office.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  if (values['stop-with-stdin']) {
    // Started by a program that may die without stopping it (a test worker killed): its pipe
    // closing is the signal.
    process.stdin.on('end', stop);
    process.stdin.on('close', stop);
    process.stdin.resume();
  }

  let setupToken = office.setupToken;
  const email = values['setup-owner'];
  if (email && setupToken) {
    const password = process.env.FRONT_DESK_OFFICE_OWNER_PASSWORD;
    if (!password || password.length < 12)
      throw new Error(
        '--setup-owner reads a password of 12 characters or more from FRONT_DESK_OFFICE_OWNER_PASSWORD',
      );
    const made = await office.admin.createOwner({
      organisationName: values.organisation ?? 'Front Desk',
      email,
      password,
    });
    say(`owner ${email} made for organisation ${made.orgId}`);
    setupToken = null;
  }
  // The address last: a script that waits for it has read everything before it.
  say(`ca pin ${office.pin}`);
  if (setupToken)
    say(`setup token ${setupToken} (POST /v1/setup with it: it makes the first owner)`);
  say(`office listening on ${office.url}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`office: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
