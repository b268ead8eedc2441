import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './app/App';
import { createApp } from './app/createApp';
import { getBridge, isGuestDisplay } from './bridge';
import { GuestDisplayPage } from './screens/display/GuestDisplay';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
if (isGuestDisplay()) {
  // The guest's display: its own screen, nothing of the counter's app (issue 31).
  root.render(
    <StrictMode>
      <GuestDisplayPage bridge={getBridge()} />
    </StrictMode>,
  );
} else {
  const app = createApp(getBridge());
  root.render(
    <StrictMode>
      <Root app={app} />
    </StrictMode>,
  );
  void app.start();
}
