/**
 * Narrating a game from its views' public event logs: what a seat saw happen between two of its
 * views. Games whose view keeps a (possibly windowed) log of public events plug in with
 * `logNarrator`; the events come from the views only, so nothing hidden can leak.
 */
import type { Viewer } from '../engine/game.js';
import { canonicalJson } from '../engine/hash.js';

/**
 * The entries of `after` that are not in `before`, for logs that keep only their last entries:
 * the longest tail of `before` that `after` starts with is what both saw. Returns `gap: true`
 * when the window moved past everything in `before` (some events were lost in between).
 */
export function newLogEntries<E>(before: readonly E[] | undefined, after: readonly E[]): { entries: E[]; gap: boolean } {
  if (!before || before.length === 0) return { entries: [...after], gap: false };
  const a = before.map((e) => canonicalJson(e));
  const b = after.map((e) => canonicalJson(e));
  for (let k = Math.min(a.length, b.length); k > 0; k--) {
    let same = true;
    for (let i = 0; i < k && same; i++) same = a[a.length - k + i] === b[i];
    if (same) return { entries: after.slice(k), gap: false };
  }
  return { entries: [...after], gap: after.length > 0 };
}

/** A TextUI `events` function from a view's log and a sentence per log entry. */
export function logNarrator<View, E>(
  logOf: (view: View) => readonly E[],
  describe: (entry: E, names: readonly string[]) => string,
): (before: View | undefined, after: View, viewer: Viewer, names: readonly string[]) => string[] {
  return (before, after, _viewer, names) => {
    const { entries, gap } = newLogEntries(before === undefined ? undefined : logOf(before), logOf(after));
    const lines = entries.map((e) => describe(e, names));
    return gap ? ['…', ...lines] : lines;
  };
}
