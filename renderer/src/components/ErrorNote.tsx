/** An error staff can act on: the message for its code, and the code for support. */
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../app/hooks';

/** `message`: a more precise message than the code's (built from the error's details). */
export function ErrorNote({ code, id, message }: { code: string; id?: string; message?: string }) {
  const { t } = useTranslation();
  const text = useErrorText();
  return (
    <div className="error-note" role="alert" id={id}>
      <p>{message ?? text(code)}</p>
      <p className="code">{t('errors.codeLabel', { code })}</p>
    </div>
  );
}
