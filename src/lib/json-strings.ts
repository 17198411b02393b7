// JSON-like content (objects, arrays, strings, numbers) walked once for every string in it.

/**
 * A copy of `value` with `fill` applied to every string inside it. `key` is the name of the property that
 * holds the string (undefined for list items and for `value` itself).
 */
export function mapStrings<T>(value: T, fill: (text: string, key?: string) => string, key?: string): T {
  if (typeof value === 'string') return fill(value, key) as T;
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, fill)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, mapStrings(inner, fill, name)])) as T;
  }
  return value;
}

/** Every string inside `value`, with the name of the property that holds it. */
export function stringsIn(value: unknown): { text: string; key?: string }[] {
  const found: { text: string; key?: string }[] = [];
  mapStrings(value, (text, key) => {
    found.push({ text, key });
    return text;
  });
  return found;
}
