/** A failure said in place, in the page's words, with the office's own message small beside it. */
import { ApiError } from '../api/client';
import { useWords, type Words } from '../i18n';

export function errorText(words: Words, error: unknown): string {
  if (!(error instanceof ApiError)) return words.errors.server;
  switch (error.kind) {
    case 'network':
      return words.errors.network;
    case 'forbidden':
      return words.errors.forbidden;
    case 'not_found':
      return words.errors.notFound;
    case 'rate_limited':
      return words.errors.rateLimited;
    case 'invalid':
      return words.errors.invalid;
    case 'answer':
      return words.errors.answer;
    default:
      return words.errors.server;
  }
}

export function ErrorNote({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const words = useWords();
  const detail = error instanceof ApiError && error.kind !== 'answer' ? error.detail : null;
  return (
    <div className="error-note" role="alert">
      <p>
        <span aria-hidden="true" className="icon">
          ⚠
        </span>{' '}
        {errorText(words, error)}
        {detail && <small> {words.errors.detail(detail)}</small>}
      </p>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          {words.common.retry}
        </button>
      )}
    </div>
  );
}
