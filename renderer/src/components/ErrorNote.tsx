/** An error staff can act on: the message for its code, and the code for support. */
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../app/hooks';

export function ErrorNote({ code, id }: { code: string; id?: string }) {
  const { t } = useTranslation();
  const text = useErrorText();
  return (
    <div className="error-note" role="alert" id={id}>
      <p>{text(code)}</p>
      <p className="code">{t('errors.codeLabel', { code })}</p>
    </div>
  );
}
