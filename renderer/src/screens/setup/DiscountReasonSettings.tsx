/**
 * Set-up: the store's reasons for a discount (issue 30, I13), shared by every counter of
 * the shop. A manager (the `discount` permission) adds a reason, renames it in both languages,
 * stops offering it or offers it again, and says whether staff must write a note; a reason is
 * never deleted, so every record that named it still reads. Others see the list and why they
 * cannot change it. The rules are the desk's own (`reasonDraftProblems`), checked here first.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  reasonDraftProblems,
  type DiscountReasonDraft,
  type DiscountReasonEntry,
} from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { ErrorNote } from '../../components/ErrorNote';
import { ManagedNotice, useManagedByOffice } from '../office/OfficeLists';

const EMPTY: DiscountReasonDraft = {
  id: null,
  words: { ja: '', en: '' },
  active: true,
  noteRequired: false,
};

const draftOf = (r: DiscountReasonEntry): DiscountReasonDraft => ({
  id: r.id,
  words: r.words,
  active: r.active,
  noteRequired: r.noteRequired,
});

const PROBLEMS = ['EMPTY', 'TOO_LONG', 'DUPLICATE', 'REASON_UNKNOWN', 'LIST_FULL'] as const;
type ProblemCode = (typeof PROBLEMS)[number];
const known = (code: string): code is ProblemCode => (PROBLEMS as readonly string[]).includes(code);

export function DiscountReasonSettings() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const id = useId();
  const reasons = useSlice(stores.money, (m) => m.discountReasons);
  // Staff not set up: nothing is asked. Else only who may give discounts changes the list.
  const mayDiscount = useSlice(
    stores.staff,
    (s) => !s.state?.enabled || s.state.may.includes('discount'),
  );
  // The head office sets the reasons: shown, not changed here (decision AB74).
  const managed = useManagedByOffice('discountReasons');
  const mayEdit = mayDiscount && !managed;
  const [editing, setEditing] = useState<DiscountReasonDraft | null>(null);
  const [saved, setSaved] = useState(false);
  // The form closed: the keyboard goes back to "add a reason", not to the page's start.
  const addRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current || editing) return;
    refocus.current = false;
    addRef.current?.focus();
  }, [editing]);
  return (
    <section className="card discount-reasons" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('money.discountReasons.title')}</h3>
      <p className="hint">{t('money.discountReasons.hint')}</p>
      {managed && <ManagedNotice id={`${id}-why`} />}
      {!mayDiscount && !managed && (
        <p className="notice" id={`${id}-why`}>
          {t('money.discountReasons.readOnly')}
        </p>
      )}
      <table aria-describedby={mayEdit ? undefined : `${id}-why`}>
        <thead>
          <tr>
            <th scope="col">{t('money.discountReasons.nameJa')}</th>
            <th scope="col">{t('money.discountReasons.nameEn')}</th>
            <th scope="col">{t('money.discountReasons.note')}</th>
            <th scope="col">{t('money.discountReasons.state')}</th>
            {mayEdit && <td />}
          </tr>
        </thead>
        <tbody>
          {reasons.map((r) => (
            <tr key={r.id}>
              <th scope="row" lang="ja">
                {r.words.ja}
              </th>
              <td lang="en">{r.words.en}</td>
              <td>
                {r.noteRequired
                  ? t('money.discountReasons.noteRequired')
                  : t('money.discountReasons.noteOptional')}
              </td>
              <td>
                {r.active ? t('money.discountReasons.active') : t('money.discountReasons.inactive')}
              </td>
              {mayEdit && (
                <td>
                  <button
                    type="button"
                    aria-label={`${t('money.discountReasons.edit')}: ${r.words.ja} / ${r.words.en}`}
                    onClick={() => {
                      setSaved(false);
                      stores.money.getState().clearReasonError();
                      setEditing(draftOf(r));
                    }}
                  >
                    {t('money.discountReasons.edit')}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {mayEdit &&
        (editing ? (
          <ReasonForm
            key={editing.id ?? 'new'}
            draft={editing}
            list={reasons}
            done={(ok) => {
              setSaved(ok);
              setEditing(null);
              refocus.current = true;
            }}
          />
        ) : (
          <button
            ref={addRef}
            type="button"
            onClick={() => {
              setSaved(false);
              stores.money.getState().clearReasonError();
              setEditing({ ...EMPTY, words: { ja: '', en: '' } });
            }}
          >
            {t('money.discountReasons.add')}
          </button>
        ))}
      <p role="status" className="hint">
        {saved && t('money.discountReasons.saved')}
      </p>
    </section>
  );
}

function ReasonForm({
  draft,
  list,
  done,
}: {
  draft: DiscountReasonDraft;
  list: readonly DiscountReasonEntry[];
  done: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const { stores } = useApp();
  const id = useId();
  const [d, setD] = useState(draft);
  // Problems are shown once staff tried to save (then as they correct them).
  const [tried, setTried] = useState(false);
  const saving = useSlice(stores.money, (m) => m.savingReason);
  const error = useSlice(stores.money, (m) => m.reasonError);
  const mine = tried ? reasonDraftProblems(d, list) : [];
  // The desk's refusal, by field, when this screen's own check passed (another counter's change).
  const theirs = (error?.details ?? []) as { field?: string; code?: string }[];
  const problemAt = (field: string): ProblemCode | null => {
    const p = mine.find((x) => x.field === field) ?? theirs.find((x) => x.field === field);
    return p?.code && known(p.code) ? p.code : null;
  };
  const general = problemAt('id');
  const fieldOf = (lang: 'ja' | 'en') => {
    const problem = problemAt(`words.${lang}`);
    const inputId = `${id}-${lang}`;
    return (
      <div className="field">
        <label htmlFor={inputId}>
          {t(lang === 'ja' ? 'money.discountReasons.nameJa' : 'money.discountReasons.nameEn')}
        </label>
        <input
          id={inputId}
          type="text"
          lang={lang}
          maxLength={40}
          autoFocus={lang === 'ja'}
          value={d.words[lang]}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
          onChange={(e) => setD({ ...d, words: { ...d.words, [lang]: e.target.value } })}
        />
        {problem && (
          <span id={`${inputId}-problem`} className="field-error">
            {t(`money.discountReasons.problems.${problem}`)}
          </span>
        )}
      </div>
    );
  };
  return (
    <form
      className="reason-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        // The keyboard goes to the first field to correct (the screen's check, or the desk's).
        const focusProblem = (problems: readonly { field?: string }[]) => {
          const lang = problems.find((p) => p.field?.startsWith('words.'))?.field?.slice(6);
          if (lang) document.getElementById(`${id}-${lang}`)?.focus();
        };
        const problems = reasonDraftProblems(d, list);
        if (problems.length) return focusProblem(problems);
        void stores.money
          .getState()
          .saveDiscountReason({
            ...d,
            words: { ja: d.words.ja.trim(), en: d.words.en.trim() },
          })
          .then((ok) => {
            if (ok) done(true);
            else
              focusProblem(
                (stores.money.getState().reasonError?.details ?? []) as { field?: string }[],
              );
          });
      }}
    >
      <h4 id={`${id}-title`}>
        {d.id ? t('money.discountReasons.editing') : t('money.discountReasons.add')}
      </h4>
      {fieldOf('ja')}
      {fieldOf('en')}
      <label className="choice">
        <input
          type="checkbox"
          checked={d.noteRequired}
          onChange={(e) => setD({ ...d, noteRequired: e.target.checked })}
        />
        <span>{t('money.discountReasons.askNote')}</span>
      </label>
      <label className="choice">
        <input
          type="checkbox"
          checked={d.active}
          onChange={(e) => setD({ ...d, active: e.target.checked })}
        />
        <span>{t('money.discountReasons.offered')}</span>
      </label>
      {general && (
        <p className="problems shown" role="alert">
          {t(`money.discountReasons.problems.${general}`)}
        </p>
      )}
      {error && theirs.length === 0 && <ErrorNote code={error.code} />}
      <div className="actions">
        <button type="button" onClick={() => done(false)}>
          {t('money.discountReasons.cancel')}
        </button>
        <button type="submit" className="primary" disabled={saving}>
          {saving ? t('money.discountReasons.saving') : t('money.discountReasons.save')}
        </button>
      </div>
    </form>
  );
}
