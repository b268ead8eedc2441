/**
 * Enrolment (decision AB6): the owner makes a one-use code for a store; a counter trades it for
 * its own device credential. Both secrets are random and high-entropy (100 and 256 bits), so the
 * office keeps a plain SHA-256 of each, looked up by that unique hash: a slow KDF would protect
 * nothing more and cost every request. The code is marked used in the same transaction that makes
 * the device, by one conditional UPDATE, so two counters racing with one code get one device.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { OfficeContext } from '../context';
import { base32Secret, randomToken, sha256 } from '../crypto/secrets';
import { Int, row, When } from '../db/db';
import { asTenant, becomeTenant } from '../db/tenant';
import { OfficeError } from '../errors';
import { formatEnrolmentCode, type EnrolAnswer, type EnrolRequest } from '../protocol/wire';
import { requireStore } from '../owners/stores';

export const CODE_TTL_MS = 24 * 3600_000;

export async function createEnrolmentCode(
  ctx: OfficeContext,
  orgId: string,
  storeId: string,
  replacesCounterId: string | null,
): Promise<{ code: string; expiresAt: Date }> {
  await requireStore(ctx, orgId, storeId);
  const secret = base32Secret(20);
  const expiresAt = new Date(ctx.now() + CODE_TTL_MS);
  await asTenant(ctx.db, { orgId }, async (tx) => {
    if (replacesCounterId !== null) {
      const counter = await row(
        tx,
        z.object({ n: Int }),
        'SELECT count(*) AS n FROM counters WHERE store_id = $1 AND counter_id = $2',
        [storeId, replacesCounterId],
      );
      if (!counter?.n) throw new OfficeError(404, 'not_found', 'no such counter in this store');
    }
    await tx.query(
      `INSERT INTO enrolment_codes (org_id, store_id, code_id, secret_hash, replaces_counter_id, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [orgId, storeId, randomUUID(), sha256(secret), replacesCounterId, expiresAt],
    );
  });
  return { code: formatEnrolmentCode({ secret, pin: ctx.pin }), expiresAt };
}

const CodeRow = z.object({
  org_id: z.string(),
  store_id: z.string(),
  replaces_counter_id: z.string().nullable(),
  expires_at: When,
  used_at: When.nullable(),
});

export async function enrol(ctx: OfficeContext, request: EnrolRequest): Promise<EnrolAnswer> {
  const now = new Date(ctx.now());
  const secretHash = sha256(request.secret);
  const deviceId = randomUUID();
  const credentialSecret = randomToken(32);
  return ctx.db.transaction(async (tx) => {
    // Before the tenant is known: by the code's unique hash, as the tables' owner.
    const code = await row(
      tx,
      CodeRow,
      `UPDATE enrolment_codes SET used_at = $2
        WHERE secret_hash = $1 AND used_at IS NULL AND expires_at > $2
        RETURNING org_id, store_id, replaces_counter_id, expires_at, used_at`,
      [secretHash, now],
    );
    if (!code) {
      const seen = await row(
        tx,
        CodeRow,
        'SELECT org_id, store_id, replaces_counter_id, expires_at, used_at FROM enrolment_codes WHERE secret_hash = $1',
        [secretHash],
      );
      if (!seen) throw new OfficeError(400, 'code_invalid', 'that code is not one of this office');
      if (seen.used_at) throw new OfficeError(410, 'code_used', 'that code has been used');
      throw new OfficeError(410, 'code_expired', 'that code has expired');
    }
    await becomeTenant(tx, { orgId: code.org_id, storeId: code.store_id });
    const org = await row(
      tx,
      z.object({ name: z.string() }),
      'SELECT name FROM organisations WHERE org_id = $1',
      [code.org_id],
    );
    const store = await row(
      tx,
      z.object({ name: z.string() }),
      'SELECT name FROM stores WHERE store_id = $1',
      [code.store_id],
    );
    if (!org || !store) throw new OfficeError(400, 'code_invalid', 'that code’s store is gone');
    let counter: { counter_id: string; name: string; head_seq: number } | null;
    const Counter = z.object({ counter_id: z.string(), name: z.string(), head_seq: Int });
    if (code.replaces_counter_id !== null) {
      counter = await row(
        tx,
        Counter,
        'SELECT counter_id, name, head_seq FROM counters WHERE store_id = $1 AND counter_id = $2 FOR UPDATE',
        [code.store_id, code.replaces_counter_id],
      );
      if (!counter)
        throw new OfficeError(400, 'code_invalid', 'the counter this code replaces is gone');
      // The replaced PC's credential stops working: one device per counter sends its journal.
      await tx.query(
        'UPDATE devices SET revoked_at = $3 WHERE store_id = $1 AND counter_id = $2 AND revoked_at IS NULL',
        [code.store_id, counter.counter_id, now],
      );
    } else {
      counter = await row(
        tx,
        Counter,
        `INSERT INTO counters (org_id, store_id, counter_id, name) VALUES ($1, $2, $3, $4)
         ON CONFLICT (org_id, store_id, counter_id) DO NOTHING RETURNING counter_id, name, head_seq`,
        [code.org_id, code.store_id, request.counterId, request.counterName],
      );
      // A counter id already here is another PC's (or this one enrolled before): a new code for
      // it must say it replaces that counter, so an unused code never takes a counter over.
      if (!counter)
        throw new OfficeError(
          400,
          'code_invalid',
          'that counter is enrolled: make a code that replaces it',
        );
    }
    if (request.reservationStore !== null) {
      await tx.query(
        'UPDATE stores SET reservation_store = coalesce(reservation_store, $2) WHERE store_id = $1',
        [code.store_id, request.reservationStore],
      );
    }
    await tx.query(
      `INSERT INTO devices (org_id, store_id, counter_id, device_id, credential_hash, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [code.org_id, code.store_id, counter.counter_id, deviceId, sha256(credentialSecret), now],
    );
    return {
      deviceId,
      credential: `fdd_${deviceId}.${credentialSecret}`,
      organisation: { id: code.org_id, name: org.name },
      store: { id: code.store_id, name: store.name },
      counter: { id: counter.counter_id, name: counter.name },
      head: counter.head_seq,
    };
  });
}

export interface Device {
  orgId: string;
  storeId: string;
  counterId: string;
  deviceId: string;
}

const CREDENTIAL = /^fdd_([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

/**
 * The device a credential belongs to; its scope (organisation, store, counter) comes from here
 * and nowhere else. Null for a credential the office never made; `revoked` for one it stopped.
 */
export async function deviceByCredential(
  ctx: OfficeContext,
  credential: string,
): Promise<Device | 'revoked' | null> {
  const match = CREDENTIAL.exec(credential);
  if (!match) return null;
  const found = await row(
    ctx.db,
    z.object({
      org_id: z.string(),
      store_id: z.string(),
      counter_id: z.string(),
      device_id: z.string(),
      revoked_at: When.nullable(),
    }),
    'SELECT org_id, store_id, counter_id, device_id, revoked_at FROM devices WHERE credential_hash = $1',
    [sha256(match[2]!)],
  );
  if (!found || found.device_id !== match[1]) return null;
  if (found.revoked_at) return 'revoked';
  return {
    orgId: found.org_id,
    storeId: found.store_id,
    counterId: found.counter_id,
    deviceId: found.device_id,
  };
}

export async function deviceMe(ctx: OfficeContext, device: Device) {
  return asTenant(ctx.db, device, async (tx) => {
    const counter = await row(
      tx,
      z.object({ name: z.string(), head_seq: Int }),
      'SELECT name, head_seq FROM counters WHERE store_id = $1 AND counter_id = $2',
      [device.storeId, device.counterId],
    );
    return {
      deviceId: device.deviceId,
      counter: { id: device.counterId, name: counter?.name ?? '' },
      head: counter?.head_seq ?? 0,
    };
  });
}
