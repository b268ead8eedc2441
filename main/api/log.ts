/**
 * Structured logging for the client. Log lines carry what operations need (method, path, status,
 * code, attempt, timing, lane) and never secrets or customer data: the Authorization header and
 * anything that looks like a person's details are replaced before a line is written.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface LogRecord {
  level: LogLevel;
  event: string;
  [field: string]: unknown;
}

export type LogSink = (record: LogRecord) => void;

export interface Logger {
  debug(event: string, fields?: Record<string, unknown>): void;
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

const REDACTED = '[redacted]';

/** Field names whose values are secrets or personal data, wherever they appear. */
const SENSITIVE = new Set(
  [
    'authorization',
    'apikey',
    'api_key',
    'key',
    'token',
    'password',
    'secret',
    'customer',
    'customers',
    'lastname',
    'firstname',
    'name',
    'email',
    'customeremail',
    'phone',
    'fieldvalues',
    'participants',
    'body',
    'subject',
  ].map((s) => s.toLowerCase()),
);

const BEARER = /Bearer\s+[^\s"']+/gi;
const EMAIL = /[^\s@"'<>]+@[^\s@"'<>]+\.[^\s@"'<>]+/g;

/** A copy of a value with secrets and personal data replaced; strings are scrubbed too. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string')
    return value.replace(BEARER, `Bearer ${REDACTED}`).replace(EMAIL, REDACTED);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error)
    return { name: value.name, message: redact(value.message, depth + 1) };
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SENSITIVE.has(k.toLowerCase()) ? REDACTED : redact(v, depth + 1);
  }
  return out;
}

/** JSON lines on stderr. */
export const stderrSink: LogSink = (r) => process.stderr.write(`${JSON.stringify(r)}\n`);

/**
 * A logger writing redacted records to a sink (JSON lines on stderr by default). `minLevel` may
 * be a function, read at each line: the installed app's level is changed from set-up.
 */
export function createLogger(
  sink: LogSink = stderrSink,
  minLevel: LogLevel | (() => LogLevel) = 'info',
): Logger {
  const order: LogLevel[] = ['debug', 'info', 'warn', 'error'];
  const least = typeof minLevel === 'function' ? minLevel : () => minLevel;
  const write =
    (level: LogLevel) =>
    (event: string, fields: Record<string, unknown> = {}) => {
      if (order.indexOf(level) < order.indexOf(least())) return;
      sink({
        ...(redact(fields) as Record<string, unknown>),
        level,
        event,
        time: new Date().toISOString(),
      });
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
