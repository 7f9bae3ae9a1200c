// Every route of spec §2. Pages of other feature areas are lazy chunks; screens not built yet
// render a placeholder inside the real main layout. The server serves the same pages behind the
// same guards (server/src/domain/routes.cpp); src/realtime/contract.test.ts compares the two.
import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ChatRuntime } from '../features/chat/ChatRuntime';
import { ComingSoon, type PlaceholderPage } from '../features/shell/ComingSoon';
import { ErrorPage } from '../features/shell/ErrorPage';
import { NotFoundPage } from '../features/shell/NotFoundPage';
import { ContactsRoute } from './ContactsRoute';
import { GuestOnly, RequireAuth } from './guards';
import { MainLayout } from './layouts/MainLayout';
import { PagesLayout } from './layouts/PagesLayout';
import { RootLayout } from './layouts/RootLayout';
import { DefaultLayout, LandingLayout } from './layouts/SimpleLayouts';

const LandingPage = lazy(() => import('../features/auth/LandingPage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage'));
const ResetPage = lazy(() => import('../features/auth/ResetPage'));
const RecoverPage = lazy(() => import('../features/auth/RecoverPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const PrivacyPage = lazy(() => import('../features/info/PrivacyPage'));
const TosPage = lazy(() => import('../features/info/TosPage'));
const TermsPage = lazy(() => import('../features/info/TermsPage'));
const SupportPage = lazy(() => import('../features/info/SupportPage'));
const MeetPage = lazy(() => import('../features/meet/MeetPage'));
const LikesMePage = lazy(() => import('../features/lists/LikesMePage'));
const MyLikesPage = lazy(() => import('../features/lists/MyLikesPage'));
const VisitorsPage = lazy(() => import('../features/lists/VisitorsPage'));
const MatchesPage = lazy(() => import('../features/lists/MatchesPage'));
const ExplorePage = lazy(() => import('../features/explore/ExplorePage'));
const ChatPage = lazy(() => import('../features/chat/ChatPage'));
const StoriesPage = lazy(() => import('../features/stories/StoriesPage'));

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
            children: [
              { path: '/', element: <LandingPage /> },
              { path: '/landing', element: <LandingPage /> },
              { path: '/landing-blue', element: <LandingPage /> },
            ],
          },
          {
            element: <DefaultLayout />,
            children: [
              { path: '/login', element: <LoginPage /> },
              { path: '/register', element: <RegisterPage /> },
              { path: '/reset', element: <ResetPage /> },
            ],
          },
        ],
      },
      {
        element: <DefaultLayout />,
        children: [{ path: '/recover/:token', element: <RecoverPage /> }],
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
              placeholder('/check/:slug?', 'check'),
              placeholder('/reconnect/:slug?', 'reconnect'),
              placeholder('/ref/:slug?', 'ref'),
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
