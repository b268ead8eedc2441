/** Render the whole app on a fake bridge, and a user whose every key and tap is counted. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Root } from '../../../renderer/src/app/App';
import { createApp, type AppOptions } from '../../../renderer/src/app/createApp';
import type { FakeBridge } from './fakeBridge';
import { NOW } from './fixtures';

export interface Rendered {
  app: ReturnType<typeof createApp>;
  downloads: { name: string; blob: Blob }[];
  prints: { count: number };
  user: User;
  unmount(): void;
}

export async function renderApp(fake: FakeBridge, options: AppOptions = {}): Promise<Rendered> {
  const downloads: Rendered['downloads'] = [];
  const prints = { count: 0 };
  const app = createApp(fake.bridge, {
    lang: 'en',
    now: () => NOW,
    languages: () => ['en-US'],
    download: (name, blob) => downloads.push({ name, blob }),
    print: () => prints.count++,
    searchDebounceMs: 0,
    recheckMs: 0,
    tickMs: 3_600_000,
    ...options,
  });
  // As main.tsx does: drawn once the start language's words are here (English is fetched).
  await app.ready;
  const view = render(<Root app={app} />);
  await act(() => app.start());
  return {
    app,
    downloads,
    prints,
    user: createUser(),
    unmount() {
      view.unmount();
      app.stop();
    },
  };
}

/** Let pending promises and timers of zero settle inside act. */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });
}

/** Pick the option `value` of the select labelled `label`, as a user's choice fires change. */
export async function choose(label: string, value: string): Promise<void> {
  await act(async () => {
    const select = screen.getByLabelText<HTMLSelectElement>(label);
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle();
}

const TEXT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number']);

/**
 * Keys and taps with the browser's default actions that happy-dom does not perform: Enter on a
 * button clicks it, Enter in a text field submits its form, Space toggles a checkbox. Each
 * `press`, `type` (one field's text) and `tap` counts as one interaction.
 */
export function createUser() {
  let count = 0;
  const active = () => (document.activeElement as HTMLElement | null) ?? document.body;
  return {
    get count() {
      return count;
    },
    reset() {
      count = 0;
    },
    async press(key: string, init: KeyboardEventInit = {}) {
      count++;
      await act(async () => {
        const el = active();
        const go = fireEvent.keyDown(el, { key, ...init });
        if (go) {
          if (key === 'Enter') {
            if (el instanceof HTMLButtonElement) el.click();
            else if (el instanceof HTMLInputElement && TEXT_TYPES.has(el.type) && el.form)
              el.form.requestSubmit();
          } else if (
            key === ' ' &&
            (el instanceof HTMLButtonElement ||
              (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')))
          )
            el.click();
        }
        fireEvent.keyUp(el, { key, ...init });
      });
      await settle();
    },
    /** Type text into the focused field (or `el`): one interaction however long the text. */
    async type(text: string, el?: HTMLElement) {
      count++;
      await act(async () => {
        const target = (el ?? active()) as HTMLInputElement;
        target.focus();
        fireEvent.change(target, { target: { value: target.value + text } });
      });
      await settle();
    },
    /** Replace a field's text: one interaction. */
    async fill(el: HTMLElement, value: string) {
      count++;
      await act(async () => {
        el.focus();
        fireEvent.change(el, { target: { value } });
      });
      await settle();
    },
    async tap(el: HTMLElement) {
      count++;
      await act(async () => {
        el.focus();
        fireEvent.click(el);
      });
      await settle();
    },
  };
}

export type User = ReturnType<typeof createUser>;
