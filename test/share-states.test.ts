/**
 * The server's steps share what they did not change with the state before (src/engine/share.ts,
 * called by the engine's look-ahead): for every game Drey ships, a match played the server's way
 * (prepare → look-ahead → commit) reaches exactly the states of one played without sharing, never
 * changes a state it has left behind (the undo keeps it), and shares every part a step left as it was.
 */
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../src/engine/hash.js';
import { commit, createMatch, lookAhead, play, prepare, type Match } from '../src/engine/match.js';
import { createRng, nextInt } from '../src/engine/rng.js';
import { BUILTINS } from '../src/games/index.js';

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && (Array.isArray(v) || [Object.prototype, null].includes(Object.getPrototypeOf(v)));

/** Equal plain data: the same keys, and leaves the same by Object.is. */
function equalPlain(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!isPlain(a) || !isPlain(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && equalPlain(a[k], b[k]));
}

/** Where the state after a step holds a list or object equal to the one before's but not it (a copy not shared). */
function copiesNotShared(after: unknown, before: unknown, path = 'state'): string[] {
  if (!isPlain(after) || !isPlain(before)) return [];
  const out: string[] = [];
  for (const k of Object.keys(after)) {
    const x = after[k];
    const y = before[k];
    if (!isPlain(x) || x === y) continue;
    if (equalPlain(x, y)) out.push(`${path}.${k}`);
    else out.push(...copiesNotShared(x, y, `${path}.${k}`));
  }
  return out;
}

const match = (gameId: string, seats: number, options: unknown, seed: string): Match => {
  const made = createMatch(BUILTINS.get(gameId)!.game, { seats, seed, options });
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
};

describe('look-ahead steps share unchanged state (issue 24: less promoted per action)', () => {
  for (const pkg of BUILTINS.packages) {
    for (const config of pkg.conformance) {
      it(`${pkg.game.id}, ${config.label}: every unchanged part shared, the same states as without, the states left behind unchanged`, () => {
        for (let g = 0; g < 3; g++) {
          const seed = `share-${g}`;
          const served = match(pkg.game.id, config.seats, config.options, seed);
          const plain = match(pkg.game.id, config.seats, config.options, seed);
          const rng = createRng(`pick-${g}`);
          let left: { state: unknown; json: string }[] = [];
          for (let step = 0; step < config.maxSteps && served.outcome === null; step++) {
            const seat = served.toAct[nextInt(rng, served.toAct.length)]!;
            const legal = pkg.game.legalActions(served.state, seat);
            const action = JSON.parse(JSON.stringify(legal[nextInt(rng, legal.length)]));
            const before = served.state;
            const prepared = prepare(served, seat, action);
            if (!prepared.ok) throw new Error(prepared.error.message);
            lookAhead(prepared.value);
            expect(commit(prepared.value).ok).toBe(true);
            expect(play(plain, seat, action).ok).toBe(true);
            expect(copiesNotShared(served.state, before), 'parts the step left as they were, copied rather than shared').toEqual([]);
            expect(canonicalJson(served.state)).toBe(canonicalJson(plain.state));
            // The last few states left behind, as the undo keeps one: none changed since.
            left.push({ state: before, json: canonicalJson(before) });
            if (left.length > 4) left = left.slice(1);
            for (const l of left) expect(canonicalJson(l.state)).toBe(l.json);
          }
        }
      });
    }
  }
});
