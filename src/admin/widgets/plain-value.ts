/** A widget's value as plain data: Decap hands lists and objects over as Immutable collections. */
export function plainValue(value: unknown): unknown {
  const immutable = value as { toJS?: () => unknown } | null | undefined;
  return typeof immutable?.toJS === 'function' ? immutable.toJS() : value;
}

/** The part of Decap's Immutable Map that `immutableLike` builds with. */
type ImmutableMap = { clear(): ImmutableMap; set(key: string, value: unknown): ImmutableMap; toList(): ImmutableList };
type ImmutableList = { push(value: unknown): ImmutableList };

/**
 * Plain data as Decap holds it, the inverse of `plainValue`: objects as Immutable Maps and lists as Lists, built from
 * `like` (a Map Decap made), so they are of Decap's own copy of Immutable (the site's node_modules has another).
 */
export function immutableLike(like: unknown, value: unknown): unknown {
  const empty = (like as ImmutableMap).clear();
  const convert = (inner: unknown): unknown => {
    if (Array.isArray(inner))
      return inner.reduce<ImmutableList>((list, item) => list.push(convert(item)), empty.toList());
    if (inner && typeof inner === 'object') {
      return Object.entries(inner).reduce<ImmutableMap>((map, [key, item]) => map.set(key, convert(item)), empty);
    }
    return inner;
  };
  return convert(value);
}
