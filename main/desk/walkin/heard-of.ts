/**
 * Where walk-in guests heard of the store (a trial shared setting): the shop's answers, the same
 * on every counter, kept in this counter's files.
 */
import { z } from 'zod';
import { Versioned } from '../../common/versioned';
import { MemoryList, PlainList } from '../../local/index';
import type { SharedListDef } from '../../shop/shared/lww-map';
import type { SessionPart } from '../desk-session';
import { definePart } from '../parts';
import { SharedList, shareList } from '../shared-list';

export const HeardOfAnswer = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  words: z.strictObject({ ja: z.string().min(1).max(40), en: z.string().min(1).max(40) }),
  active: z.boolean(),
  ...Versioned,
});
export type HeardOfAnswer = z.infer<typeof HeardOfAnswer>;

const SHARED_HEARD_OF: SharedListDef<HeardOfAnswer> = { area: 'heardOf', schema: HeardOfAnswer };

export const heardOfAnswers: SessionPart<SharedList<HeardOfAnswer>> = definePart(
  'walkin.heard-of',
  (session) =>
    new SharedList(
      session.training
        ? new MemoryList(HeardOfAnswer)
        : new PlainList(session.local.files, { dir: 'heard-of', schema: HeardOfAnswer }),
    ),
  { share: (answers, state) => shareList(state, SHARED_HEARD_OF, answers) },
);
