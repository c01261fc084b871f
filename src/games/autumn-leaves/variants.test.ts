/**
 * Content is a value (issue 23): an Autumn Leaves package built from other content is a separate
 * game, and any number of them live in one process. Two variants played step by step in turn on
 * one thread — rules, views, narration, the heuristic and a search bot interleaved — must give
 * exactly what each gives when played alone; a binding of module state would leak one deck into
 * the other's deals, legal choices or bots.
 */
import { describe, expect, it } from 'vitest';
import { findBot, botInput } from '../../bots/index.js';
import type { Bot } from '../../engine/bot.js';
import { stableHash } from '../../engine/hash.js';
import { createRng, type Rng } from '../../engine/rng.js';
import type { AnyGamePackage } from '../package.js';
import { DeckSchema } from './content/index.js';
import { autumnLeavesPackage, createAutumnLeaves } from './index.js';

/** A deck with more high ranks, ranks up to 12, eight-card hands and two hands a game. */
const VARIANT = DeckSchema.parse({ copies: [0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 8, 10, 12], handSize: 8, hands: 2 });

interface Run {
  /** One line per step: the seat, its legal actions, its view's hash, the narration and its choice. */
  readonly lines: string[];
  outcome: string | null;
  /** Plays one step; false once the game is over. */
  step(): boolean;
}

function startRun(pkg: AnyGamePackage, seats: number, seed: string, botNames: readonly string[]): Run {
  const game = pkg.game;
  const options = game.parseOptions({}, seats);
  if (!options.ok) throw new Error(options.error.message);
  const state = game.setup({ seats, seed, options: options.value });
  const bots: Bot[] = botNames.map((name) => {
    const bot = findBot(pkg, name);
    if (!bot.ok) throw new Error(bot.error.message);
    return bot.value;
  });
  const rngs: Rng[] = bots.map((_, seat) => createRng(`${seed}:bot:${seat}`));
  const narrator = pkg.narrator!;
  const run: Run = {
    lines: [],
    outcome: null,
    step() {
      const toAct = game.toAct(state);
      if (toAct.length === 0) {
        run.outcome = JSON.stringify(game.outcome(state));
        return false;
      }
      const seat = toAct[0]!;
      const input = botInput(game, state, seat, rngs[seat]!);
      const told = narrator.log(input.view).events.slice(-2).map((e) => narrator.narrate(e, { viewer: seat, names: [] })).join(' ');
      const action = bots[seat]!(input);
      run.lines.push(`${seat} ${JSON.stringify(input.legal)} ${stableHash(input.view)} ${told} → ${JSON.stringify(action)}`);
      game.apply(state, seat, action);
      return true;
    },
  };
  return run;
}

const playAlone = (run: Run): Run => {
  while (run.step());
  return run;
};

describe('Autumn Leaves: content is a value', () => {
  it('two variants interleaved step by step on one thread play exactly as each does alone', () => {
    const variant = createAutumnLeaves(VARIANT);
    const configs = [
      { pkg: autumnLeavesPackage, seats: 4, seed: 'interleave-a', bots: ['heuristic', 'ismcts:40', 'heuristic', 'random'] },
      { pkg: variant, seats: 4, seed: 'interleave-b', bots: ['ismcts:40', 'heuristic', 'random', 'heuristic'] },
    ];
    const alone = configs.map((c) => playAlone(startRun(c.pkg, c.seats, c.seed, c.bots)));
    const together = configs.map((c) => startRun(c.pkg, c.seats, c.seed, c.bots));
    for (let live = true; live; ) {
      // One step of each in turn, so every call of one game falls between calls of the other.
      const a = together[0]!.step();
      const b = together[1]!.step();
      live = a || b;
    }
    for (let k = 0; k < 2; k++) {
      expect(together[k]!.lines).toEqual(alone[k]!.lines);
      expect(together[k]!.outcome).toBe(alone[k]!.outcome);
      expect(together[k]!.outcome).not.toBeNull();
    }
    // The two really are different games: the variant deals eight cards and ranks up to 12.
    const highest = (lines: readonly string[]): number => Math.max(...lines.flatMap((l) => [...l.matchAll(/"card":(\d+)/g)].map((m) => Number(m[1]))));
    expect(highest(alone[0]!.lines)).toBe(10);
    expect(highest(alone[1]!.lines)).toBe(12);
  });

  it('a variant deals its own deck and refuses ranks beyond it, the builtin is left as it was', () => {
    const variant = createAutumnLeaves(VARIANT);
    expect(variant.game.parseAction({ type: 'choose', card: 12 }).ok).toBe(true);
    expect(autumnLeavesPackage.game.parseAction({ type: 'choose', card: 12 }).ok).toBe(false);
    expect(variant.game.parseOptions({}, 4)).toEqual({ ok: true, value: { hands: 2 } });
    expect(autumnLeavesPackage.game.parseOptions({}, 4)).toEqual({ ok: true, value: { hands: 6 } });
    const v = variant.game.setup({ seats: 3, seed: 's', options: { hands: 2 } });
    const b = autumnLeavesPackage.game.setup({ seats: 3, seed: 's', options: { hands: 2 } });
    const components = (pkg: AnyGamePackage, state: unknown): number[] => pkg.game.components(state).map(Number).sort((x, y) => x - y);
    expect(components(variant, v)).toEqual(VARIANT.copies.flatMap((n, rank) => Array<number>(n).fill(rank)));
    expect(components(autumnLeavesPackage, b)).toHaveLength(55);
    expect((variant.game.view(v, 0) as { myHand: number[] }).myHand).toHaveLength(8);
    expect((autumnLeavesPackage.game.view(b, 0) as { myHand: number[] }).myHand).toHaveLength(7);
  });
});

describe('Autumn Leaves deck content', () => {
  // A discard draws a replacement (L6), so six seats' hands must leave the draw pile a card: found
  // by the dense playout's tests, where a deck of exactly six hands put "undefined" into a hand.
  it('L6: refuses a deck that six hands use up, and takes one with a card to spare', () => {
    const sixHandsOfSeven = [0, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5]; // 42 cards
    const refused = DeckSchema.safeParse({ copies: sixHandsOfSeven, handSize: 7, hands: 1 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/42 cards cannot deal 6 hands of 7 and leave a card to draw.*at least 43/);
    expect(DeckSchema.safeParse({ copies: [...sixHandsOfSeven.slice(0, -1), 6], handSize: 7, hands: 1 }).success).toBe(true);
  });
});
