import type { Tree } from '../index';

/** The area trees of a glob over `../<area>/<lang>.json`, keyed by area. */
export function areasOf(files: Record<string, unknown>): Tree {
  const tree: Tree = {};
  for (const [path, value] of Object.entries(files)) {
    const area = /^\.\.\/([^/]+)\/[a-z]+\.json$/.exec(path)?.[1];
    if (area) tree[area] = value as Tree;
  }
  return tree;
}
