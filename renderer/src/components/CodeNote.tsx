/**
 * An error said in words, its code after them in small print for support (decision E9): the code
 * is never the sentence. A code the counter has no words for says "something unexpected" (and
 * the code in small print), not the code inside the sentence as `errors.unknown` does.
 */
import { useTranslation } from 'react-i18next';

export function CodedReason({ code }: { code: string }) {
  const { t } = useTranslation();
  const words = t(`errors.${code}` as never, { defaultValue: '' }) as unknown as string;
  return (
    <>
      {words || t('errors.unknownWord')}{' '}
      <small className="code-note">{t('errors.codeLabel', { code })}</small>
    </>
  );
}
