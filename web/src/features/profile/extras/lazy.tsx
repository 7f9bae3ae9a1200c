// The extras' screens as lazy chunks that bring the `extras` translation part along
// (src/i18n/index.ts), so neither the first load nor the members' bundle carries them.
import { lazy, Suspense, type ComponentProps } from 'react';
import { requireTranslations } from '../../../i18n';

const withExtrasTexts = <T,>(chunk: Promise<T>): Promise<T> =>
  Promise.all([chunk, requireTranslations('extras')]).then(([module]) => module);

const Summary = lazy(() => withExtrasTexts(import('./ExtrasSummary')));
const Editor = lazy(() => withExtrasTexts(import('./ExtrasEditor')));
const Step = lazy(() => withExtrasTexts(import('./ExtrasStep')));

/** Loads the extras' chunk and texts ahead, e.g. when a flow with extras steps opens. */
export function preloadExtras(): void {
  void withExtrasTexts(import('./ExtrasStep')).catch(() => undefined);
}

export function LazyExtrasSummary(props: ComponentProps<typeof Summary>) {
  return (
    <Suspense fallback={null}>
      <Summary {...props} />
    </Suspense>
  );
}

export function LazyExtrasEditor(props: ComponentProps<typeof Editor>) {
  return (
    <Suspense fallback={null}>
      <Editor {...props} />
    </Suspense>
  );
}

export function LazyExtrasStep(props: ComponentProps<typeof Step>) {
  return (
    <Suspense fallback={<div className="extras-step-loading" aria-busy="true" />}>
      <Step {...props} />
    </Suspense>
  );
}
