/**
 * The office's own certificate authority (decision AB7): made at first run, ECDSA P-256, kept in
 * the data dir (private keys 0600). Its pin — the first 16 bytes of the SHA-256 of its DER, hex —
 * goes into every enrolment code, so a counter trusts this office and no other, with no public CA.
 * The server's certificate is signed by it, for the names the office is reached by.
 */
import './reflect';
import * as x509 from '@peculiar/x509';
import { webcrypto } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { caPinOfPem } from '../protocol/pin';
import path from 'node:path';

x509.cryptoProvider.set(webcrypto as Crypto);

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const YEAR = 365 * 24 * 3600_000;

export interface OfficeTls {
  caPem: string;
  certPem: string;
  keyPem: string;
  /** 32 hex characters. */
  pin: string;
}

/** The pin of a CA certificate (PEM): one definition, the counter's too. */
export const caPin = caPinOfPem;

async function keyPem(key: CryptoKey): Promise<string> {
  const der = await webcrypto.subtle.exportKey('pkcs8', key);
  return x509.PemConverter.encode(der, 'PRIVATE KEY');
}

const serial = () =>
  webcrypto
    .getRandomValues(new Uint8Array(16))
    .reduce((s, b) => s + b.toString(16).padStart(2, '0'), '0');

async function makeCa(): Promise<{ cert: x509.X509Certificate; keys: CryptoKeyPair }> {
  const keys = (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=Front Desk office CA ${os.hostname()}`,
    notBefore: new Date(Date.now() - 3600_000),
    notAfter: new Date(Date.now() + 20 * YEAR),
    keys,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
        true,
      ),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { cert, keys };
}

async function makeServerCert(
  ca: x509.X509Certificate,
  caKey: CryptoKey,
  names: string[],
): Promise<{ certPem: string; keyPem: string }> {
  const keys = (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as CryptoKeyPair;
  const ips = names.filter((n) => /^[\d.]+$|:/.test(n));
  const dns = names.filter((n) => !ips.includes(n));
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: `CN=${dns[0] ?? 'localhost'}`,
    issuer: ca.subject,
    notBefore: new Date(Date.now() - 3600_000),
    notAfter: new Date(Date.now() + 5 * YEAR),
    publicKey: keys.publicKey,
    signingKey: caKey,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        ...dns.map((value) => ({ type: 'dns' as const, value })),
        ...ips.map((value) => ({ type: 'ip' as const, value })),
      ]),
      await x509.AuthorityKeyIdentifierExtension.create(ca),
    ],
  });
  return { certPem: cert.toString('pem'), keyPem: await keyPem(keys.privateKey) };
}

/**
 * The CA and server certificate in `dir` (dataDir/tls), made when missing. The server certificate
 * is made again when a name it must carry is missing from it (a new --host), by the same CA: the
 * pin, and so every enrolled counter, stays.
 */
export async function loadTls(dir: string, hosts: string[] = []): Promise<OfficeTls> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = (name: string) => path.join(dir, name);
  const names = [...new Set(['localhost', '127.0.0.1', '::1', os.hostname(), ...hosts])];
  if (!existsSync(file('ca.key'))) {
    const { cert, keys } = await makeCa();
    writeFileSync(file('ca.key'), await keyPem(keys.privateKey), { mode: 0o600 });
    writeFileSync(file('ca.pem'), cert.toString('pem'));
  }
  const caPem = readFileSync(file('ca.pem'), 'utf8');
  const ca = new x509.X509Certificate(caPem);
  const current = existsSync(file('server.pem')) ? readFileSync(file('server.pem'), 'utf8') : null;
  const covered = current !== null && names.every((n) => certNames(current).includes(n));
  if (!covered) {
    const der = x509.PemConverter.decodeFirst(readFileSync(file('ca.key'), 'utf8'));
    const caKey = await webcrypto.subtle.importKey('pkcs8', der, ALG, false, ['sign']);
    const made = await makeServerCert(ca, caKey, names);
    writeFileSync(file('server.key'), made.keyPem, { mode: 0o600 });
    writeFileSync(file('server.pem'), made.certPem);
  }
  return {
    caPem,
    certPem: readFileSync(file('server.pem'), 'utf8'),
    keyPem: readFileSync(file('server.key'), 'utf8'),
    pin: caPin(caPem),
  };
}

function certNames(pem: string): string[] {
  const san = new x509.X509Certificate(pem).getExtension(x509.SubjectAlternativeNameExtension);
  return san?.names.items.map((n) => n.value) ?? [];
}
