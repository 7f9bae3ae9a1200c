// The pre-rendered pages' one script (web/build/landingPages.ts; the CSP allows no inline one).
// Such a page names no other script: whatever a browser fetches before the first contentful paint,
// Lighthouse's model of it counts as holding that paint back, and evaluating the app's 450 KB of
// JavaScript first did hold it back (docs/performance.md, "First load"). Once the browser reports
// the first screen painted, this imports the app's files (the entry last), one per task.
// Without paint timing it starts after the next frame; a hidden tab paints nothing until shown,
// so it starts at once there; and a late report holds the app back three seconds at most.
const script = document.querySelector<HTMLScriptElement>('script[data-app-entry]');
let started = false;

function start(): void {
  if (started || !script) return;
  started = true;
  // One module a task: starting a request costs the main thread a few milliseconds (at a phone's
  // speed, tens), and thirteen at once were one long task. The browser fetches them side by side
  // all the same, and evaluates each as it arrives.
  const queue = [...(script.dataset.appPreload ?? '').split(' ').filter(Boolean)];
  queue.push(script.dataset.appEntry ?? '');
  const next = () => {
    const href = queue.shift();
    if (href === undefined) return;
    void import(/* @vite-ignore */ href).catch(() => undefined);
    setTimeout(next, 0);
  };
  next();
}

const painted = (entries: PerformanceEntryList) =>
  entries.some((entry) => entry.name === 'first-contentful-paint');

if (document.visibilityState !== 'visible' || painted(performance.getEntriesByType('paint'))) {
  start();
} else if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
  new PerformanceObserver((list, observer) => {
    if (!painted(list.getEntries())) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(start, 3000);
} else {
  requestAnimationFrame(() => setTimeout(start, 0));
}
