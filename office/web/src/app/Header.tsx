/** The band at the top: the organisation, who is signed in and as what, language, sign-out. */
import type { Me } from '../../../protocol/web';
import { useWords, type Lang } from '../i18n';

export function Header({
  me,
  lang,
  onLang,
  onSignOut,
}: {
  me: Me | null;
  lang: Lang;
  onLang(lang: Lang): void;
  onSignOut?: () => void;
}) {
  const words = useWords();
  const other: Lang = lang === 'ja' ? 'en' : 'ja';
  return (
    <header className="top">
      <p className="brand">{words.appName}</p>
      {me && (
        <p className="who">
          <span className="org">
            <span className="visually-hidden">{words.header.organisation}: </span>
            {me.organisation.name}
          </span>
          <span className="person">{words.header.signedInAs(me.email, words.roles[me.role])}</span>
        </p>
      )}
      <div className="top-actions">
        <button
          type="button"
          lang={other}
          onClick={() => onLang(other)}
          aria-label={`${words.lang.label}: ${words.lang.switchTo}`}
        >
          {words.lang.switchTo}
        </button>
        {me && onSignOut && (
          <button type="button" onClick={onSignOut}>
            {words.header.signOut}
          </button>
        )}
      </div>
    </header>
  );
}
