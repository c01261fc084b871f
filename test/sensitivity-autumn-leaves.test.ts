/**
 * Content sensitivity, Autumn Leaves (issue 23): a content change the bots must answer changes
 * how they play, measured as a designer would with `drey lab compare` (runCompare: the same deals
 * for both sides, paired 95% intervals) and the game's lab probe (lab.ts: per seat and game, the
 * revealed cards it discarded and drew anew, L6, and those it took back).
 *
 * The answer the bots owe: a revealed card that fits nowhere is worth swapping for a blind draw
 * when it is higher than the deck's mean rank (it would score as the hand's highest, L9). The
 * Pairs deck's mean is 7. A deck of mostly low cards (10 ones down to 1 ten: mean 4) makes a 5 or
 * a 6 worth discarding; a deck of mostly high cards (20 tens, 12 nines, …: mean 8.4) makes a 7 or
 * an 8 worth keeping.
 *
 * A deck changes the game by itself too (how often a card fits nowhere at all), so each deck is
 * also played, on the very same deals, by bots built from the builtin deck's tables: blind to the
 * change. The difference between the two is the bots' answer alone.
 */
import { describe, expect, it } from 'vitest';
import type { Bot } from '../src/engine/bot.js';
import { runCompare, type CompareReport, type CompareSpec } from '../src/lab/compare.js';
import { createRegistry } from '../src/games/index.js';
import { createBots } from '../src/games/autumn-leaves/bots.js';
import { BUILTIN_TABLES, DeckSchema } from '../src/games/autumn-leaves/content/index.js';
import { createAutumnLeaves } from '../src/games/autumn-leaves/index.js';
import type { AnyGamePackage } from '../src/games/package.js';

const LOW_DECK = DeckSchema.parse({ copies: [0, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1], handSize: 7, hands: 6 });
const HIGH_DECK = DeckSchema.parse({ copies: [0, 1, 1, 1, 1, 1, 2, 3, 6, 12, 20], handSize: 7, hands: 6 });

const SPEC: CompareSpec = { game: 'autumn-leaves', seats: 4, games: 120, seed: 'sensitivity', bots: ['heuristic'] };

async function compare(base: { name: string; pkg?: AnyGamePackage }, other: { name: string; pkg: AnyGamePackage }): Promise<CompareReport> {
  const variant = (v: { name: string; pkg?: AnyGamePackage }) => ({ name: v.name, source: v.name, ...(v.pkg ? { registry: createRegistry([v.pkg]) } : {}) });
  const report = await runCompare(SPEC, [variant(base), variant(other)], { workers: 1 });
  if (!report.ok) throw new Error(report.error.message);
  return report.value;
}

const diff = (report: CompareReport, key: string) => {
  const row = report.figures.find((f) => f.key === key);
  if (!row) throw new Error(`no figure ${key} (figures: ${report.figures.map((f) => f.key).join(', ')})`);
  return row.diffs[0]!;
};

/** The game of `pkg` with its bots built from the builtin deck's tables: blind to `pkg`'s deck. */
function blindTo(pkg: AnyGamePackage): AnyGamePackage {
  const builtin = createBots(BUILTIN_TABLES);
  // (The cast erases the bot's view type, as definePackage does for every package.)
  return { ...pkg, bots: { ...pkg.bots, heuristic: builtin.heuristic as unknown as Bot, knowledge: builtin.knowledge } };
}

describe('Autumn Leaves bots answer the deck they play with', () => {
  const low = createAutumnLeaves(LOW_DECK);
  const high = createAutumnLeaves(HIGH_DECK);

  it('builtin against a deck of mostly low cards: the designer sees fewer discards and more cards taken back (paired, 95%)', async () => {
    const report = await compare({ name: 'builtin' }, { name: 'low deck', pkg: low });
    const discards = diff(report, 'value|discards');
    expect(discards.interval[1], `discards per seat and game: ${JSON.stringify(discards)}`).toBeLessThan(0);
    const keeps = diff(report, 'value|keeps');
    expect(keeps.interval[0], `keeps per seat and game: ${JSON.stringify(keeps)}`).toBeGreaterThan(0);
  });

  it('low deck, same deals: bots reading it discard more and take back fewer than bots blind to it (paired, 95%)', async () => {
    const report = await compare({ name: 'low deck, bots blind to it', pkg: blindTo(low) }, { name: 'low deck', pkg: low });
    const discards = diff(report, 'value|discards');
    expect(discards.interval[0], `discards per seat and game: ${JSON.stringify(discards)}`).toBeGreaterThan(0);
    const keeps = diff(report, 'value|keeps');
    expect(keeps.interval[1], `keeps per seat and game: ${JSON.stringify(keeps)}`).toBeLessThan(0);
  });

  it('high deck, same deals: bots reading it discard less and take back more than bots blind to it (paired, 95%)', async () => {
    const report = await compare({ name: 'high deck, bots blind to it', pkg: blindTo(high) }, { name: 'high deck', pkg: high });
    const discards = diff(report, 'value|discards');
    expect(discards.interval[1], `discards per seat and game: ${JSON.stringify(discards)}`).toBeLessThan(0);
    const keeps = diff(report, 'value|keeps');
    expect(keeps.interval[0], `keeps per seat and game: ${JSON.stringify(keeps)}`).toBeGreaterThan(0);
  });
});
