// Get-or-create for maps of collections: the read paths of projections and read stores group
// documents by collection, then by id.

/** The map stored under `key` in `outer`, created empty on first use. */
export function innerMap<K, V>(outer: Map<string, Map<K, V>>, key: string): Map<K, V> {
  let inner = outer.get(key);
  if (!inner) outer.set(key, (inner = new Map()));
  return inner;
}

/** The list stored under `key` in `outer`, created empty on first use. */
export function innerList<V>(outer: Map<string, V[]>, key: string): V[] {
  let inner = outer.get(key);
  if (!inner) outer.set(key, (inner = []));
  return inner;
}
