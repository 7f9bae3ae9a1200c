// What a lazy chunk's import preloads (Vite's build.modulePreload.resolveDependencies). Vite lists
// every JavaScript file the chunk needs, and at the import its preload helper adds a
// <link rel="modulepreload"> for each one the page does not link yet. The pre-rendered pages
// import the app's first files from a script (src/afterPaint.ts) instead of linking them, so on
// those pages the helper linked them all again at the first lazy import: about 80 links, 180 ms
// of main-thread work at a phone's speed in one task (docs/performance.md, "First load"). The
// files of the members' entry's static graph are always loaded before any of its lazy imports
// runs, so they are left out of the lists of chunks that only the members' app reaches.
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;

/** The chunks `entry` reaches: through static imports, and with `dynamic` through lazy ones too. */
export function reachable(bundle: OutputBundle, entry: string, dynamic: boolean): Set<string> {
  const start = Object.values(bundle).find(
    (file) => file.type === 'chunk' && file.isEntry && file.name === entry,
  );
  const seen = new Set<string>();
  const visit = (name: string) => {
    const file = bundle[name];
    if (seen.has(name) || file?.type !== 'chunk') return;
    seen.add(name);
    for (const next of file.imports) visit(next);
    if (dynamic) for (const next of file.dynamicImports) visit(next);
  };
  if (start) visit(start.fileName);
  return seen;
}

/** The preload lists' filter and the plugin that shows it the bundle. `appEntry` is the members'
 *  entry; `otherEntries` (the console) keep their chunks' lists whole. */
export function skipLoadedPreloads(appEntry: string, otherEntries: string[]) {
  let bundle: OutputBundle | undefined;
  let loaded: Set<string> | undefined;
  let shared: Set<string> | undefined;
  const plugin: Plugin = {
    name: 'kesher-skip-loaded-preloads',
    apply: 'build',
    generateBundle: {
      // Before Vite's own step that writes the lists and asks resolveDependencies.
      order: 'pre',
      handler(_options, output) {
        bundle = output;
        loaded = undefined;
        shared = undefined;
      },
    },
  };
  const resolveDependencies = (
    _file: string,
    deps: string[],
    context: { hostId: string; hostType: 'html' | 'js' },
  ): string[] => {
    if (!bundle || context.hostType !== 'js') return deps;
    const output = bundle;
    loaded ??= reachable(output, appEntry, false);
    shared ??= new Set(otherEntries.flatMap((entry) => [...reachable(output, entry, true)]));
    if (shared.has(context.hostId)) return deps;
    const alreadyLoaded = loaded;
    return deps.filter((dep) => !alreadyLoaded.has(dep));
  };
  return { plugin, resolveDependencies };
}
