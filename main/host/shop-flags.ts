/**
 * The browser host's flags for issue 12 (several counters on one machine, shop PCs without a
 * keyboard-driven set-up): the shop overrides handed to `compose` as one typed object, the peer
 * addresses checked here, and the API key read from a file only its owner can read.
 */
import { readFileSync, statSync } from 'node:fs';
import { z } from 'zod';

/** "host:port" (IPv6 in brackets): what the mesh dials when multicast discovery is blocked. */
export const PeerAddress = z
  .string()
  .trim()
  .regex(/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/, 'expected host:port')
  .refine((a) => {
    const port = Number(a.slice(a.lastIndexOf(':') + 1));
    return port >= 1 && port <= 65535;
  }, 'port out of range');

/**
 * The shop settings given on the command line, overriding the counter's saved ones; a field left
 * out keeps the saved (or default) value. The lead hands this to the Shop when it is wired.
 */
export const ShopOverrides = z.strictObject({
  /** The counter's display name ("受付1"). */
  counterName: z.string().trim().min(1).max(40).optional(),
  /** Static peers, dialled in addition to (or, for tests, instead of) discovery. */
  peers: z.array(PeerAddress).max(32).optional(),
  /** The shop listener's port on this machine; 0 picks a free one. */
  port: z.number().int().min(0).max(65535).optional(),
  /** false: this counter neither listens nor dials (works alone, as before issue 12). */
  sharing: z.boolean().optional(),
  /** true: also find counters by mDNS (the browser host listens on loopback and does not by default). */
  discovery: z.boolean().optional(),
});
export type ShopOverrides = z.infer<typeof ShopOverrides>;

export interface ShopFlagValues {
  'counter-name'?: string;
  peer?: string[];
  'shop-port'?: string;
  'no-sharing'?: boolean;
  discovery?: boolean;
}

/** The overrides the flags give (an empty object when none is given); throws on a bad value. */
export function shopOverrides(values: ShopFlagValues): ShopOverrides {
  const port = values['shop-port'];
  const parsed = ShopOverrides.safeParse({
    counterName: values['counter-name'],
    peers: values.peer,
    port: port === undefined ? undefined : /^\d+$/.test(port) ? Number(port) : NaN,
    sharing: values['no-sharing'] ? false : undefined,
    discovery: values.discovery ? true : undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const flag = { counterName: '--counter-name', peers: '--peer', port: '--shop-port' }[
      String(issue.path[0]) as 'counterName' | 'peers' | 'port'
    ];
    throw new Error(`${flag ?? 'shop flags'}: ${issue.message}`);
  }
  return Object.fromEntries(
    Object.entries(parsed.data).filter(([, v]) => v !== undefined),
  ) as ShopOverrides;
}

/**
 * The API key from a file (what `--api-key-file` names). Like ssh with its private keys, a file
 * that its group or others can read is refused rather than used: the key may already have leaked,
 * and silently tightening it would hide that. The key itself is never put in a message.
 */
export function readApiKeyFile(file: string): string {
  let mode: number;
  try {
    mode = statSync(file).mode;
  } catch (error) {
    throw new Error(
      `--api-key-file: cannot read ${file} (${(error as NodeJS.ErrnoException).code})`,
    );
  }
  if ((mode & 0o170000) !== 0o100000) throw new Error(`--api-key-file: ${file} is not a file`);
  if (mode & 0o077)
    throw new Error(
      `--api-key-file: ${file} can be read by others (mode ${(mode & 0o777).toString(8)}); ` +
        `make it the owner's alone (chmod 600)`,
    );
  const key = readFileSync(file, 'utf8').trim();
  if (!key) throw new Error(`--api-key-file: ${file} is empty`);
  return key;
}
