/**
 * True when two plain objects hold the same keys with identical (`Object.is`)
 * values. The facade hooks pass it to `useSelector` so a component re-renders
 * only when something it shows changed, not on every snapshot of the machine.
 */
export function shallowEqual<T extends object>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && Object.is(a[key], b[key]));
}
