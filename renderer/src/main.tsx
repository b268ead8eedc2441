import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './app/App';
import { createApp } from './app/createApp';
import { getBridge } from './bridge';
import './styles.css';

const app = createApp(getBridge());
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root app={app} />
  </StrictMode>,
);
void app.start();
