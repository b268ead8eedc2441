/**
 * Where a walk-in guest heard of the store ("where did you hear of us"): the shop's own list of
 * answers, the same on every counter, changed by a manager at any of them (a shared list, AA41).
 * One plain file per answer (`heard-of/<id>.json`): the shop's words, nothing personal.
 */
import { z } from 'zod';
import { Versioned } from '../../common/versioned';
import { MemoryList, PlainList } from '../../local/index';
import type { SharedListDef } from '../../shop/shared/lww-map';
import type { Session } from '../session';
import { SharedList } from '../shared-list';

export const HeardOfAnswer = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  words: z.strictObject({ ja: z.string().min(1).max(40), en: z.string().min(1).max(40) }),
  active: z.boolean(),
  ...Versioned,
});
export type HeardOfAnswer = z.infer<typeof HeardOfAnswer>;

export const SHARED_HEARD_OF: SharedListDef<HeardOfAnswer> = {
  area: 'heardOf',
  schema: HeardOfAnswer,
};

const lists = new WeakMap<Session, SharedList<HeardOfAnswer>>();

/** The session's answers (training's in memory, a live store's in its files). */
export function heardOfAnswers(session: Session): SharedList<HeardOfAnswer> {
  let list = lists.get(session);
  if (!list) {
    list = new SharedList(
      session.options.training
        ? new MemoryList(HeardOfAnswer)
        : new PlainList(session.local.files, { dir: 'heard-of', schema: HeardOfAnswer }),
    );
    lists.set(session, list);
  }
  return list;
}
