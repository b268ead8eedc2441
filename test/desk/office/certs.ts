/**
 * A private CA and a server certificate it signed, made with openssl in a temp dir, for the
 * office's HTTPS in tests. The server's name is deliberately no address it is reached by: the
 * counter accepts any name the pinned CA signed (AB24).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TestCa {
  caPem: string;
  key: string;
  cert: string;
}

export function makeCa(name = 'Test Office CA'): TestCa {
  const dir = mkdtempSync(path.join(tmpdir(), 'fd-ca-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  try {
    run(
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-subj',
      `/CN=${name}`,
      '-days',
      '2',
    );
    run('req', ...ec, '-keyout', 'srv.key', '-out', 'srv.csr', '-subj', '/CN=office.internal');
    run(
      'x509',
      '-req',
      '-in',
      'srv.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'srv.pem',
      '-days',
      '2',
    );
    const read = (f: string) => readFileSync(path.join(dir, f), 'utf8');
    return { caPem: read('ca.pem'), key: read('srv.key'), cert: read('srv.pem') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
