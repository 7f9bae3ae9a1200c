// Mounted by RootLayout: tells an in-app browser from the user agent (detect.ts, a few regular
// expressions on the first load) and only then fetches the escape prompt's chunk and texts, so
// that real browsers never download them.
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { requireTranslations } from '../../i18n';
import { currentBrowser } from './detect';

const EscapePrompt = lazy(() =>
  Promise.all([import('./EscapePrompt'), requireTranslations('escape')]).then(([m]) => m),
);

export function EscapeGate() {
  const [detection] = useState(currentBrowser);
  const { pathname } = useLocation();
  // /check and /reconnect are where an escape arrives: they never send the visitor on again.
  const arriving = /^\/(check|reconnect)(\/|$)/.test(pathname);
  if (detection.app === null || arriving) return null;
  return (
    <Suspense fallback={null}>
      <EscapePrompt detection={detection} />
    </Suspense>
  );
}
