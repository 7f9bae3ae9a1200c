import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { buildResources } from './i18n/allResources';
import { provideResources } from './i18n';

// The app loads one language at a time (src/i18n/index.ts); the tests have all three at hand.
provideResources(buildResources());

// Lazy routes and modals are transformed on their first import; on a busy 2-core machine that can
// take longer than Testing Library's 1 s default, which only bounds how long findBy* waits.
configure({ asyncUtilTimeout: 5000 });
