import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './ui/fonts.css';
import './ui/theme.css';
import { reloadForChunkError } from './app/chunkReload';
import { applyDocumentLanguage, initialLanguage } from './app/language';
import { createAppRouter } from './app/router';
import { bindRealtime } from './app/session';
import { useAppStore } from './app/store';
import { bootPush } from './features/push/boot';
import { initI18n } from './i18n';
import { realtime } from './realtime';

const language = initialLanguage();
initI18n(language);
applyDocumentLanguage(language);
useAppStore.getState().setLanguage(language);

// Vite fires this when a lazy chunk's preload fails (typically after a deploy). Reloading picks
// up the new build; if the guard refuses, the error propagates to the router's error page.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError()) event.preventDefault();
});

const router = createAppRouter();
bindRealtime(realtime, (to) => {
  void router.navigate(to, { replace: true });
});
realtime.start();
bootPush();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
