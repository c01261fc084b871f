/**
 * The V8 setting a serving process runs with (issue 24; docs/deploy.md, "Nepotism and
 * pretenuring").
 *
 * V8 watches, per allocation site (an object or array literal in the code), how many of the
 * objects it made survive their first scavenge; past a threshold it "pretenures" the site: every
 * later object from it is made directly in the old generation, which only a full GC (a
 * mark-compact) frees. That pays when a site's objects are long-lived. A server's mostly are not:
 * a table's state, the views of it and the frames made from them live from one action to the
 * next, a few seconds, long enough to get their sites pretenured and short enough to die soon
 * after, so each action left its garbage in the old generation. Measured in turns at 3,000
 * human-pace tables, 40 s of play: one mark-compact and a p99 of 30–32 ms without pretenuring,
 * four and 119–145 ms with it.
 *
 * `setFlagsFromString` works here because Node leaves V8's flags unfrozen after start-up, and the
 * flag is read at every scavenge, so setting it before the first table is served is enough.
 * DREY_V8_PRETENURING=on keeps V8's default.
 */
import { setFlagsFromString } from 'node:v8';

/** The V8 flags a serving process sets: none when the environment keeps V8's default. */
export function servingV8Flags(env: NodeJS.ProcessEnv = process.env): string[] {
  return env.DREY_V8_PRETENURING === 'on' ? [] : ['--no-allocation-site-pretenuring'];
}

/** Applies the serving process's V8 settings (for the whole process); returns the flags it set. */
export function tuneHeapForServing(env: NodeJS.ProcessEnv = process.env): string[] {
  const flags = servingV8Flags(env);
  for (const flag of flags) setFlagsFromString(flag);
  return flags;
}
