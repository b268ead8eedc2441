import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './app/App';
import { createApp } from './app/createApp';
import { getBridge, isGuestDisplay } from './bridge';
import './styles.css';

/** The guest's display is another window's page: the counter's start does not load it. */
const GuestDisplayPage = lazy(() =>
  import('./screens/display/GuestDisplay').then((m) => ({ default: m.GuestDisplayPage })),
);

// The start's scripts have run (a stage of the cold-start bench, bench/cold-start.ts).
performance.mark('fd:scripts-run');

const root = createRoot(document.getElementById('root')!);
if (isGuestDisplay()) {
  // The guest's display: its own screen, nothing of the counter's app (issue 31).
  root.render(
    <StrictMode>
      <Suspense fallback={null}>
        <GuestDisplayPage bridge={getBridge()} />
      </Suspense>
    </StrictMode>,
  );
} else {
  const app = createApp(getBridge());
  // The first calls go out at once; the window is drawn once its language's words are here.
  void app.start();
  void app.ready.then(() =>
    root.render(
      <StrictMode>
        <Root app={app} />
      </StrictMode>,
    ),
  );
}
