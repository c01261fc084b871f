/**
 * Structural sharing between two states of one match (the pattern of TanStack Query's
 * `replaceEqualDeep`, written for a game state's plain data). A step works on a deep copy of the
 * state (the game's `clone`), so the state after it holds a fresh copy of every list, even the
 * many a step left as they were. On a server each table keeps its state until its next action,
 * seconds later at a person's pace: every one of those copies outlives the young generation, is
 * promoted and later has to be marked and swept (issue 24: the game states' copies were half of
 * what the server's scavenges promoted). Swapping each unchanged part of the new state for the
 * old state's own leaves the copies unreferenced while they are young, where they cost nothing.
 *
 * Sound only because a committed state is a value: nothing changes it in place. Every step clones
 * first (the engine's look-ahead), so two states sharing a list never see it change under them.
 */

/** A list or an object made as a literal: the only things compared and shared part by part. */
function isPlain(v: object): boolean {
  if (Array.isArray(v)) return true;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** Two values compared part by part: both plain, both lists or both objects. */
const comparable = (prev: unknown, next: unknown): prev is Record<string, unknown> =>
  typeof prev === 'object' && typeof next === 'object' && prev !== null && next !== null && Array.isArray(prev) === Array.isArray(next) && isPlain(prev) && isPlain(next);

/**
 * `next`, or `prev` where the two are equal plain data (Object.is for every leaf, the same keys in
 * the same number): the parts of `next` that differ are kept, and where they hold parts equal to
 * `prev`'s those are put in their place. Changes `next` in place (only its own lists and objects).
 */
function share<T>(prev: unknown, next: T): T {
  if (!comparable(prev, next)) return next;
  return (sharedParts(prev, next as Record<string, unknown>) ? prev : next) as T;
}

/** Puts `prev`'s equal parts into `next`; true when every part is then `prev`'s own (the two are equal). */
function sharedParts(prev: Record<string, unknown>, next: Record<string, unknown>): boolean {
  if (Array.isArray(next)) {
    // Most of a state is lists of small numbers: equal leaves are settled here without a call.
    const p = prev as unknown as unknown[];
    let same = p.length === next.length;
    for (let i = 0; i < next.length; i++) {
      const had: unknown = next[i];
      const was = p[i];
      if (had === was) {
        if (had === 0 && !Object.is(had, was)) same = false; // 0 and -0
        continue;
      }
      if (typeof had === 'object' && typeof was === 'object') {
        const v = share(was, had);
        if (v !== had) {
          next[i] = v;
          continue;
        }
      } else if (Object.is(had, was)) continue; // NaN
      same = false;
    }
    return same;
  }
  let same = true;
  let count = 0;
  for (const k in next) {
    if (!Object.hasOwn(next, k)) continue;
    count++;
    const had = next[k];
    if (!Object.hasOwn(prev, k)) {
      same = false;
      continue;
    }
    const was = prev[k];
    if (had === was) {
      if (had === 0 && !Object.is(had, was)) same = false;
      continue;
    }
    const v = share(was, had);
    if (v !== had) next[k] = v;
    else same = false;
  }
  if (same) for (const k in prev) if (Object.hasOwn(prev, k) && --count < 0) return false;
  return same && count === 0;
}

/**
 * Swaps every part of `next` (a state a step just made from a copy of `prev`) that equals the
 * same part of `prev` for `prev`'s own, and returns `next`: the same value, sharing what the step
 * did not change. `next` itself stays a new object (the views of a state are kept by its identity).
 */
export function shareUnchanged<T>(prev: unknown, next: T): T {
  if (comparable(prev, next)) sharedParts(prev, next as Record<string, unknown>);
  return next;
}
