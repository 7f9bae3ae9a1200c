/** Files `listener` under `key` and returns the function that takes it out again: the listener
 *  registry of both socket clients (realtime/client.ts, console/client.ts). */
export function addListener<K, L>(registry: Map<K, Set<L>>, key: K, listener: L): () => void {
  let set = registry.get(key);
  if (!set) {
    set = new Set();
    registry.set(key, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}
