/**
 * Values made from an object once and kept as long as it lives: a game's tables compiled from its
 * content, the events or bot values made from those tables. Content is a value (issue 23), so any
 * number of contents may be alive at once, each with its own; a WeakMap lets a dropped content's
 * go with it.
 */
export function madeOnce<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const made = new WeakMap<K, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}
