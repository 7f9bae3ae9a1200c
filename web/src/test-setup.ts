import '@testing-library/jest-dom/vitest';
import { buildResources } from './i18n/allResources';
import { provideResources } from './i18n';

// The app loads one language at a time (src/i18n/index.ts); the tests have all three at hand.
provideResources(buildResources());
