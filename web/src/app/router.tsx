// Every route of spec §2. Pages of other feature areas are lazy chunks; screens not built yet
// render a placeholder inside the real main layout. The server serves the same pages behind the
// same guards (server/src/domain/routes.cpp); src/realtime/contract.test.ts compares the two.
import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { PlaceholderPage } from '../features/shell/ComingSoon';
import { ErrorPage } from '../features/shell/ErrorPage';
import { requireTranslations, type TranslationPart } from '../i18n';
import { LoadingScreen } from '../features/shell/LoadingScreen';
import { NotFoundPage } from '../features/shell/NotFoundPage';
import { GuestOnly, RequireAuth } from './guards';
import { RootLayout } from './layouts/RootLayout';
import { DefaultLayout, LandingLayout } from './layouts/SimpleLayouts';
import { isMemberPath } from './memberPages';
import { nextTask } from './tasks';

// The signed-in frame and the chat runtime are chunks of their own too: a guest's first load
// (the landing, sign-up) carries neither.
const loadChatRuntime = () => withTexts('member', import('../features/chat/ChatRuntime'));
const loadMainLayout = () => withTexts('member', import('./layouts/MainLayout'));
const loadExplore = () => import('../features/explore/ExplorePage');
const chatRuntime = prerenderedPage(() =>
  loadChatRuntime().then((m) => ({ default: m.ChatRuntime })),
);
const mainLayout = prerenderedPage(() => loadMainLayout().then((m) => ({ default: m.MainLayout })));
const explore = prerenderedPage(loadExplore);
const ChatRuntimeChunk = chatRuntime.Page;
const MainLayoutChunk = mainLayout.Page;

/** On a signed-in screen, main.tsx fetches the frame, the chat runtime and the members' texts at
 *  once, beside the first chunks, instead of one after the other as the routes render. */
export function preloadMemberShell(pathname: string): void {
  if (!isMemberPath(pathname)) return;
  const settle = (load: Promise<unknown>) => void load.catch(() => undefined);
  settle(chatRuntime.preload());
  settle(mainLayout.preload());
  if (pathname === '/explore') settle(explore.preload());
}
function ChatRuntime() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <ChatRuntimeChunk />
    </Suspense>
  );
}
function MainLayout() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <MainLayoutChunk />
    </Suspense>
  );
}

const ContactsRoute = lazy(() =>
  import('./ContactsRoute').then((m) => ({ default: m.ContactsRoute })),
);
const PagesLayoutChunk = lazy(() =>
  import('./layouts/PagesLayout').then((m) => ({ default: m.PagesLayout })),
);
function PagesLayout() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <PagesLayoutChunk />
    </Suspense>
  );
}

// Screens that bring a part of the translations along (src/i18n/index.ts): the information pages
// their long texts, the signed-in frame the members' areas.
const withTexts = <T,>(part: TranslationPart, chunk: Promise<T>): Promise<T> =>
  Promise.all([chunk, requireTranslations(part)]).then(([module]) => module);
const withInfo = <T,>(page: Promise<T>): Promise<T> => withTexts('info', page);

/** A lazy page that can take over a copy pre-rendered into the served page (the landing, the
 *  registration's first step, and for /explore the frame, the chat runtime and the page;
 *  web/build/landingPages.ts): main.tsx loads its chunk before the first render, so that no
 *  loading screen comes between the two. */
function prerenderedPage<M extends { default: ComponentType }>(load: () => Promise<M>) {
  let loaded: M | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module;
    });
  const Page = lazy(() => {
    const ready = loaded;
    // A thenable that answers at once: React renders a loaded module without suspending.
    if (ready) return { then: (resolve: (module: M) => void) => resolve(ready) } as Promise<M>;
    return load();
  });
  return { Page, preload };
}
const landing = prerenderedPage(() => import('../features/auth/LandingPage'));
const LandingPage = landing.Page;
const registration = prerenderedPage(() => import('../features/auth/RegisterPage'));
const RegisterPage = registration.Page;

/** The chunks of the page pre-rendered for `pathname`, if any, for main.tsx to load first: the
 *  signed-in frame, the chat runtime and The Slips for /explore. */
export function preloadPrerendered(pathname: string): Promise<unknown> | null {
  if (LANDING_PATHS.includes(pathname)) return landing.preload();
  if (pathname === '/register') return registration.preload();
  if (pathname === '/explore')
    return inTurns([chatRuntime.preload, mainLayout.preload, explore.preload]);
  return null;
}

/** Starts each load in a task of its own: Vite's preload helper links a chunk's files as its
 *  import starts, a few milliseconds of main-thread work per file (web/build/preloads.ts). */
async function inTurns(loads: (() => Promise<unknown>)[]): Promise<unknown> {
  const started: Promise<unknown>[] = [];
  for (const load of loads) {
    started.push(load());
    await nextTask();
  }
  return Promise.all(started);
}

/** The paths that show the landing (the same as the routes below). /landing and /landing-blue
 *  are the landing variants' onboarding flows (LandingFlowPage), not this page. */
export const LANDING_PATHS: readonly string[] = ['/'];
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const LandingFlowPage = lazy(() => import('../features/auth/LandingFlowPage'));
const ResetPage = lazy(() => import('../features/auth/ResetPage'));
const RecoverPage = lazy(() => import('../features/auth/RecoverPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const PrivacyPage = lazy(() => withInfo(import('../features/info/PrivacyPage')));
const TosPage = lazy(() => withInfo(import('../features/info/TosPage')));
const TermsPage = lazy(() => withInfo(import('../features/info/TermsPage')));
const SupportPage = lazy(() => withInfo(import('../features/info/SupportPage')));
const MeetPage = lazy(() => import('../features/meet/MeetPage'));
const LikesMePage = lazy(() => import('../features/lists/LikesMePage'));
const MyLikesPage = lazy(() => import('../features/lists/MyLikesPage'));
const VisitorsPage = lazy(() => import('../features/lists/VisitorsPage'));
const MatchesPage = lazy(() => import('../features/lists/MatchesPage'));
const ExplorePage = explore.Page;
const ChatPage = lazy(() => import('../features/chat/ChatPage'));
const StoriesPage = lazy(() => import('../features/stories/StoriesPage'));
// Where an escape from an in-app browser arrives (src/features/escape), with its texts.
const CheckPage = lazy(() => withTexts('escape', import('../features/escape/CheckPage')));
const ReconnectPage = lazy(() => withTexts('escape', import('../features/escape/ReconnectPage')));

// One placeholder route is left (the payment redirect): not worth a place in the first load.
const ComingSoon = lazy(() =>
  import('../features/shell/ComingSoon').then((module) => ({ default: module.ComingSoon })),
);
const placeholder = (path: string, page: PlaceholderPage): RouteObject => ({
  path,
  element: <ComingSoon page={page} />,
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          {
            element: <LandingLayout />,
            children: [...LANDING_PATHS.map((path) => ({ path, element: <LandingPage /> }))],
          },
          {
            element: <DefaultLayout />,
            children: [
              { path: '/login', element: <LoginPage /> },
              { path: '/register', element: <RegisterPage /> },
              { path: '/landing', element: <LandingFlowPage /> },
              { path: '/landing-blue', element: <LandingFlowPage /> },
              { path: '/reset', element: <ResetPage /> },
            ],
          },
        ],
      },
      {
        element: <DefaultLayout />,
        children: [
          { path: '/recover/:token', element: <RecoverPage /> },
          // The server answers a good /check/{token} itself (a session and a redirect); the app
          // shows what is left: a used, expired or unknown token (docs/protocol.md).
          { path: '/check/:token?', element: <CheckPage /> },
          { path: '/reconnect/:slug?', element: <ReconnectPage /> },
        ],
      },
      {
        element: <PagesLayout />,
        children: [
          { path: '/privacy', element: <PrivacyPage /> },
          { path: '/tos', element: <TosPage /> },
          { path: '/terms-and-conditions', element: <TermsPage /> },
          { path: '/support', element: <SupportPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            // The chat runs while someone is signed in: contacts, unread total, chat events.
            element: <ChatRuntime />,
            children: [
              {
                element: <MainLayout />,
                children: [
                  { path: '/explore', element: <ExplorePage /> },
                  { path: '/meet', element: <MeetPage /> },
                  { path: '/stories', element: <StoriesPage /> },
                  { path: '/contacts', element: <ContactsRoute /> },
                  { path: '/profile', element: <ProfilePage /> },
                  { path: '/likesme', element: <LikesMePage /> },
                  { path: '/mylikes', element: <MyLikesPage /> },
                  { path: '/visitors', element: <VisitorsPage /> },
                  { path: '/match', element: <MatchesPage /> },
                  { path: '/chat/:slug?', element: <ChatPage /> },
                  { path: '/settings', element: <SettingsPage /> },
                ],
              },
            ],
          },
        ],
      },
      {
        // Open routes (docs/protocol.md): reachable with or without a session.
        element: <ChatRuntime />,
        children: [
          {
            element: <MainLayout />,
            children: [
              placeholder('/payments/redirect', 'paymentsRedirect'),
              // /ref/{slug} is the server's (docs/protocol.md "Referrals"): it redirects here.
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
