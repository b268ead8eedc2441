/**
 * Opaque sync cursors (rule 10). A cursor names the last record a page returned by its position in
 * the (updatedAt, id) order, so a record updated mid-listing moves behind the cursor and is listed
 * again later instead of being skipped. It is signed: a cursor built or edited by a client is
 * refused, as the spec says cursors must not be built.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

const Position = z.strictObject({
  /** Store the listing belongs to. */
  s: z.string(),
  /** `updatedSince` of the listing, if any. */
  u: z.string().nullable(),
  /** Last returned record's updatedAt and id. */
  t: z.string(),
  i: z.string(),
  /** Page size of the listing. */
  l: z.number().int(),
});
export type CursorPosition = z.infer<typeof Position>;

export class CursorCodec {
  constructor(private readonly secret: string) {}

  encode(position: CursorPosition): string {
    const payload = Buffer.from(JSON.stringify(position)).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The position, or null when the cursor was not made by this service. */
  decode(cursor: string): CursorPosition | null {
    const [payload, signature, ...rest] = cursor.split('.');
    if (!payload || !signature || rest.length > 0) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const parsed = Position.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString()));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url').slice(0, 22);
  }
}
