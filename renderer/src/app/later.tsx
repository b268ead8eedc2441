/**
 * Screens the window does not start with (the initial JS budget: ≤ 200 KB gzipped, measured by
 * `npm run bench -- ui`): each is its own chunk, fetched in the background once the day is painted
 * (`loadLater`, from the app's start), so opening one at the counter does not wait for it either.
 * One opened before its chunk arrived shows the loading line (App's Suspense) for that moment.
 */
import { lazy, useState, type ComponentType } from 'react';

const loaders: (() => Promise<unknown>)[] = [];

/** A screen from a chunk of its own: `load` resolves to its component. */
export function later<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const fetch = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // Not fetched (the browser host's link dropped): the next open asks again.
        loading = null;
        throw error;
      },
    ));
  loaders.push(fetch);
  function Later(props: P) {
    // Chosen once per mount: a screen never swaps its component (and its state) when it arrives;
    // a lazy one of its own, so an open after a failed fetch fetches again.
    const [Screen] = useState<ComponentType<P>>(
      () => loaded ?? lazy(() => fetch().then((component) => ({ default: component }))),
    );
    return <Screen {...props} />;
  }
  return Later;
}

/**
 * Fetch every screen kept for later (the app's start calls this once the day is painted). One not
 * fetched is left to its first open, which asks again.
 */
export async function loadLater(): Promise<void> {
  await Promise.all(loaders.map((load) => load().catch(() => undefined)));
}
