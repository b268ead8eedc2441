// @vitest-environment happy-dom
/**
 * A screen that cannot be drawn — its chunk not fetched, or an error while drawing — says so with
 * a way on instead of a blank window: "try again" fetches the chunk anew (later.tsx forgets a
 * failed fetch) and shows the screen; "today's schedule" goes home; another screen forgets it.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { later } from '../../../renderer/src/app/later';
import { ScreenBoundary } from '../../../renderer/src/components/ScreenBoundary';
import { createI18n, loadMessages } from '../../../renderer/src/i18n';

afterEach(cleanup);
// English is a chunk of its own, fetched before a window shows it.
beforeAll(() => loadMessages('en'));

function Journal() {
  return <h2>Journal</h2>;
}

describe('a screen that cannot be drawn', () => {
  it('says so; try again fetches its chunk anew and shows it', async () => {
    // The host cannot be reached until it is back (React itself tries a failed render again).
    let reachable = false;
    let fetches = 0;
    const Screen = later<object>(() => {
      fetches += 1;
      return reachable
        ? Promise.resolve(Journal as ComponentType<object>)
        : Promise.reject(new Error('Failed to fetch dynamically imported module'));
    });
    const home = vi.fn();
    const errors: Error[] = [];
    // React reports the error it caught on the console too: expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const tree = (name: string) => (
      <I18nextProvider i18n={createI18n('en')}>
        <ScreenBoundary screen={name} home={home} onError={(e) => errors.push(e)}>
          <Suspense fallback={<p>Loading…</p>}>
            {name === 'journal' ? <Screen /> : <p>Today</p>}
          </Suspense>
        </ScreenBoundary>
      </I18nextProvider>
    );
    const view = render(tree('journal'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This screen could not be opened.');
    expect(errors.at(-1)!.message).toBe('Failed to fetch dynamically imported module');
    const failed = fetches;

    fireEvent.click(screen.getByRole('button', { name: "Today's schedule" }));
    expect(home).toHaveBeenCalledTimes(1);
    reachable = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Journal' })).toBeTruthy();
    expect(fetches).toBe(failed + 1);
    expect(screen.queryByRole('alert')).toBeNull();

    // A screen that throws while drawing: the same way on; another screen opened forgets it.
    function Broken(): never {
      throw new Error('drawn wrong');
    }
    view.rerender(
      <I18nextProvider i18n={createI18n('en')}>
        <ScreenBoundary screen="broken" home={home}>
          <Broken />
        </ScreenBoundary>
      </I18nextProvider>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    await act(async () => view.rerender(tree('day')));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Today')).toBeTruthy();
  });
});
