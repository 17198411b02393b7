/** A widget's value as plain data: Decap hands lists and objects over as Immutable collections. */
export function plainValue(value: unknown): unknown {
  const immutable = value as { toJS?: () => unknown } | null | undefined;
  return typeof immutable?.toJS === 'function' ? immutable.toJS() : value;
}
