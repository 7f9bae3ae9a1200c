import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './ui/fonts.css';
import './ui/theme.css';
import { reloadForChunkError } from './app/chunkReload';
import { applyDocumentLanguage, initialLanguage } from './app/language';
import { isMemberPath } from './app/memberPages';
import { nextTask } from './app/tasks';
import { createAppRouter, preloadMemberShell, preloadPrerendered } from './app/router';
import { bindRealtime } from './app/session';
import { useAppStore } from './app/store';
import { bootPush } from './features/push/boot';
import { initI18n, loadLanguage, requireTranslations } from './i18n';
import { realtime } from './realtime';

// Vite fires this when a lazy chunk's preload fails (typically after a deploy). Reloading picks up
// the new build; if the guard refuses, the error propagates to the router's error page.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError()) event.preventDefault();
});

/** Resolves once the socket has told whether the session holds (or after SESSION_WAIT_MS, when it
 *  cannot connect: the app then starts and shows its own state). */
const SESSION_WAIT_MS = 8000;
function whenSessionKnown(): Promise<void> {
  return new Promise((resolve) => {
    if (useAppStore.getState().authChecked) {
      resolve();
      return;
    }
    const timer = setTimeout(done, SESSION_WAIT_MS);
    const stop = useAppStore.subscribe((state) => {
      if (state.authChecked) done();
    });
    function done() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
}

// The start-up work runs as a few tasks instead of one: between them the browser can paint and
// answer input, and none is long enough to count as blocking (Lighthouse's total blocking time
// counts the part of every task over 50 ms; docs/performance.md, "First load"). An async function
// rather than top-level await, which would make the bundler split the entry into dozens of files.
async function boot(): Promise<void> {
  await nextTask();
  const language = initialLanguage();
  initI18n(language);
  useAppStore.getState().setLanguage(language);

  // A signed-in member's screens, banners and modals use the members' texts: fetched as soon as the
  // session is known, wherever the member is (the signed-in layouts ask for them too).
  const unsubscribe = useAppStore.subscribe((state) => {
    if (!state.authenticated) return;
    unsubscribe();
    void requireTranslations('member').catch(() => undefined);
  });

  await nextTask();
  const router = createAppRouter();
  await nextTask();
  bindRealtime(realtime, (to) => {
    void router.navigate(to, { replace: true });
  });
  realtime.start();
  bootPush();
  await nextTask();

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // The first render waits for the page language's translations (one chunk, which the page already
  // preloads); until then the page pre-rendered by the server (web/build/landingPages.ts) stays on
  // screen. createRoot replaces it.
  const prerendered = preloadPrerendered(window.location.pathname);
  if (!prerendered) preloadMemberShell(window.location.pathname);
  // Over a pre-rendered signed-in page (/explore, with the member's cards) the first render also
  // waits for the socket to know the session: before that the route's guard would draw a loading
  // screen over the cards.
  const sessionKnown =
    prerendered && root.hasChildNodes() && isMemberPath(window.location.pathname)
      ? whenSessionKnown()
      : null;
  // A failed chunk (offline, or a deploy in between) still starts the app; vite:preloadError above
  // reloads for the latter.
  void Promise.all([loadLanguage(language), prerendered, sessionKnown])
    .catch(() => undefined)
    .then(() => {
      applyDocumentLanguage(language);
      const app = createRoot(root);
      const render = () =>
        app.render(
          <StrictMode>
            <RouterProvider router={router} />
          </StrictMode>,
        );
      // Over a pre-rendered screen the first render is a transition: React yields to the browser
      // every few milliseconds instead of blocking input for the whole tree, and the pre-rendered
      // copy stays until the render commits.
      if (root.hasChildNodes()) startTransition(render);
      else render();
    });
}

void boot();
