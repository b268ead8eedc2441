/**
 * @peculiar/x509 resolves its parts through tsyringe, which wants a Reflect metadata polyfill
 * loaded first; the three calls it makes, kept per object and key, are all it needs (no package).
 */
type Store = Map<unknown, unknown>;
const meta = new WeakMap<object, Map<string | symbol | undefined, Store>>();

function store(target: object, property: string | symbol | undefined, make: boolean) {
  let byProperty = meta.get(target);
  if (!byProperty && make) meta.set(target, (byProperty = new Map()));
  let found = byProperty?.get(property);
  if (!found && make && byProperty) byProperty.set(property, (found = new Map()));
  return found;
}

const R = Reflect as unknown as Record<string, unknown>;
if (typeof R.getMetadata !== 'function') {
  R.defineMetadata = (key: unknown, value: unknown, target: object, property?: string | symbol) =>
    store(target, property, true)!.set(key, value);
  R.getOwnMetadata = (key: unknown, target: object, property?: string | symbol) =>
    store(target, property, false)?.get(key);
  R.getMetadata = (key: unknown, target: object, property?: string | symbol): unknown => {
    for (let o: object | null = target; o; o = Object.getPrototypeOf(o) as object | null) {
      const found = store(o, property, false);
      if (found?.has(key)) return found.get(key);
    }
    return undefined;
  };
}
