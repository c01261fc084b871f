/**
 * The V8 setting a serving process runs with (issue 24, docs/deploy.md "What sets the p99").
 *
 * V8 watches, per allocation site (an object or array literal in the code), how many of the
 * objects it made survive their first scavenge; past a threshold it "pretenures" the site: every
 * later object from it is made directly in the old generation, which only a full GC (a
 * mark-compact) frees. That pays when a site's objects are long-lived. A server's are mostly not:
 * a table's state, the views of it and the frames made from them live from one action to the
 * next, a few seconds, and the sites that made them were pretenured anyway, so each action left
 * its garbage in the old generation. Measured at 3,000 human-pace tables, 40 s of play: four
 * mark-compacts and p99 131–139 ms with pretenuring; one and p99 28 ms without.
 *
 * `setFlagsFromString` works here because Node leaves V8's flags unfrozen after start-up; the
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
