// The staff console's entry (console.html, served at /console). Nothing here is imported by the
// members' app (src/main.tsx); scripts/check-bundles holds the built bundles to that.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/fonts.css';
import '../ui/theme.css';
import { ConsoleApp } from './ConsoleApp';
import { ConsoleClient } from './client';
import { initConsoleI18n } from './i18n';

initConsoleI18n();

const client = new ConsoleClient({
  url: () => `${location.origin.replace(/^http/, 'ws')}/console/ws`,
});
client.start();

const root = document.getElementById('root');
if (!root) throw new Error('console.html has no #root');
createRoot(root).render(
  <StrictMode>
    <ConsoleApp client={client} />
  </StrictMode>,
);
