/** The owner's page rendered whole at an address, on a fake office. */
import { render } from '@testing-library/react';
import { App } from '../../../../office/web/src/app/App';

export function renderPage(
  path: string,
  office: { fetch: typeof globalThis.fetch },
  options: { pollMs?: number } = {},
) {
  window.localStorage.clear();
  window.history.replaceState(null, '', path);
  return render(<App fetch={office.fetch} pollMs={options.pollMs} />);
}
