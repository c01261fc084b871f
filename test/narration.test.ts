/**
 * Every game's narrator over random playouts, for every viewer: sentences name no internal id,
 * say "you" to the viewer and never to a spectator, and a reader of every step misses nothing.
 */
import { describe, expect, it } from 'vitest';
import { createMatch, createRng, nextInt, play, type AnyGame, type Viewer } from '../src/engine/index.js';
import { narrationFeed } from '../src/engine/narration.js';
import { BUILTIN_TABLES } from '../src/games/acorn-run/tables.js';
import { BUILTIN_TABLES as ACORNS_TABLES } from '../src/games/acorns/tables.js';
import { BUILTINS, getGame } from '../src/games/index.js';

const narratorFor = (id: string) => BUILTINS.get(id)?.narrator;

const NAMES = ['Ann', 'Bo', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'];

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (ids: readonly string[]): RegExp => new RegExp(`(^|[^\\w-])(${ids.map(escape).join('|')})($|[^\\w-])`);

/** What no sentence may contain: internal space codes, card ids, and signs of a missing value. */
const FORBIDDEN: readonly RegExp[] = [
  /\bt\d+\./, // Acorn Run space codes (t2.y1.3)
  /\.jump\b/,
  /\bcard \d+/,
  /\b(racer|seat) \d+\b/i, // a seat without a name
  /\b(undefined|NaN|null)\b|\[object/,
  anyOf(ACORNS_TABLES.ids.filter((id) => id.includes('-'))), // Acorns: tree-5-2, squirrel-red-2-1, fox-red
  anyOf(BUILTIN_TABLES.cards.kinds.map((k) => k.id).filter((id) => id.includes('-'))), // Acorn Run: g-twig-y, s-green (not 'oops', also a word)
  anyOf(BUILTIN_TABLES.dummyCards.map((c) => c.id)), // dummy-ii-5
];

const CASES: { game: string; seats: number; options?: unknown }[] = [
  { game: 'autumn-leaves', seats: 4, options: { hands: 2 } },
  { game: 'acorns', seats: 3 },
  { game: 'acorns', seats: 4, options: { partners: true } },
  { game: 'acorn-run', seats: 2, options: { trees: 2, roundLimit: 8 } },
  { game: 'acorn-run', seats: 1, options: { trees: 3, roundLimit: 10, dummies: 3 } },
];

/** Plays a random game, reading every viewer's new events after every step. */
function narratedPlayout(game: AnyGame, seats: number, options: unknown, seed: string): Map<Viewer, string[]> {
  const narrator = narratorFor(game.id)!;
  const created = createMatch(game, { seats, seed, options });
  if (!created.ok) throw new Error(created.error.message);
  const match = created.value;
  const names = NAMES.slice(0, seats);
  const viewers: Viewer[] = ['spectator', ...names.map((_, s) => s)];
  const feeds = new Map(viewers.map((v) => [v, narrationFeed(narrator)]));
  const told = new Map<Viewer, string[]>(viewers.map((v) => [v, []]));
  const read = (): void => {
    for (const v of viewers) told.get(v)!.push(...feeds.get(v)!(game.view(match.state, v), { viewer: v, names }));
  };
  const rng = createRng(`narrate:${seed}`);
  read();
  for (let steps = 0; game.outcome(match.state) === null && steps < 20_000; steps++) {
    const toAct = game.toAct(match.state);
    const seat = toAct[nextInt(rng, toAct.length)]!;
    const legal = game.legalActions(match.state, seat);
    expect(play(match, seat, legal[nextInt(rng, legal.length)]).ok).toBe(true);
    read();
  }
  expect(game.outcome(match.state)).not.toBeNull();
  return told;
}

describe('narrators', () => {
  it('every registered game has a narrator', () => {
    for (const pkg of BUILTINS.packages) expect(pkg.narrator, pkg.game.id).toBeDefined();
  });

  for (const c of CASES) {
    it(`${c.game} at ${c.seats} seats${c.options ? ` ${JSON.stringify(c.options)}` : ''}: plain words, "you" for the viewer, nothing missed`, () => {
      const game = getGame(c.game)!;
      for (const seed of ['n1', 'n2']) {
        const told = narratedPlayout(game, c.seats, c.options, seed);
        for (const [viewer, lines] of told) {
          expect(lines.length).toBeGreaterThan(0);
          for (const line of lines) {
            for (const pattern of FORBIDDEN) expect(line, `${String(viewer)} read: ${line}`).not.toMatch(pattern);
            expect(line, 'a sentence starts with a capital and ends with a stop').toMatch(/^[A-Z…].*[.!?]$/s);
            // Read after every step, no event is ever missed.
            expect(line).not.toMatch(/^…/);
            if (viewer === 'spectator') expect(line, `a spectator read: ${line}`).not.toMatch(/\byou(r)?\b/i);
            else expect(line, `seat ${viewer} is "you", never its own name: ${line}`).not.toMatch(new RegExp(`\\b${NAMES[viewer]}\\b`));
          }
        }
        // Seats read about themselves as "you".
        for (let seat = 0; seat < c.seats; seat++) expect(told.get(seat)!.some((l) => /\byou\b/i.test(l))).toBe(true);
      }
    });
  }
});
