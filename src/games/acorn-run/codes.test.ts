/**
 * Action codes (action-table.ts): the random playout walks Acorn Run by code (its `randomStep`),
 * and must play the same games as through `legalActions` (`drey sim` digests depend on it; the
 * conformance suite checks each step too).
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../engine/game.js';
import { stableHash } from '../../engine/hash.js';
import { randomPlayout } from '../../engine/playout.js';
import { createRng, nextInt } from '../../engine/rng.js';
import { codeOf } from './action-table.js';
import { applyCode, legalCodes } from './rules.js';
import type { State } from './state.js';
import { acornRun } from './index.js';
import { BUILTIN_TABLES as T } from './tables.js';

const game = acornRun as unknown as AnyGame;
/** The same game without its random step and playout: the engine walks it through legalActions. */
const byActions: AnyGame = { ...game, randomStep: undefined, randomPlayout: undefined };

const CONFIGS = [
  { seats: 4, options: {} },
  { seats: 1, options: { dummies: 3, trees: 3 } },
  { seats: 6, options: { trees: 2, roundLimit: 5 } },
];

/** A playout with no step watcher (one would make the engine list actions): its length and final state. */
function playout(g: AnyGame, seats: number, options: unknown, seed: string): { steps: number; hash: string } {
  const parsed = g.parseOptions(options, seats);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const state = g.setup({ seats, seed, options: parsed.value });
  const steps = randomPlayout(g, state, createRng(`${seed}.moves`), 100_000);
  return { steps, hash: stableHash(state) };
}

describe('Acorn Run action codes', () => {
  it('a random playout by code plays the same actions to the same final state as one by legalActions', () => {
    for (const { seats, options } of CONFIGS) {
      for (let i = 0; i < 4; i++) {
        const coded = playout(game, seats, options, `codes.${seats}.${i}`);
        const listed = playout(byActions, seats, options, `codes.${seats}.${i}`);
        expect(coded.steps).toBeGreaterThan(100);
        expect(coded.steps).toBe(listed.steps);
        expect(coded.hash).toBe(listed.hash);
      }
    }
  });

  it('every legal list by code is legalActions, action for action, and each action codes back to its code', () => {
    const options = game.parseOptions({}, 4);
    if (!options.ok) throw new Error(options.error.message);
    const state = game.setup({ seats: 4, seed: 'codes.lists', options: options.value }) as State;
    const rng = createRng('codes.lists.moves');
    let steps = 0;
    for (let toAct = game.toAct(state); toAct.length > 0; steps++) {
      const seat = toAct[0]!;
      const listed = legalCodes(T, state, seat);
      expect(listed.map((c) => T.codes.actions[c])).toEqual(game.legalActions(state, seat));
      // A copy: rules compare fields, never identities.
      for (const c of listed) expect(codeOf(T, { ...T.codes.actions[c]! })).toBe(c);
      applyCode(T, state, listed[nextInt(rng, listed.length)]!);
      toAct = game.toAct(state);
    }
    expect(steps).toBeGreaterThan(100);
  });

  it('every code of the table names its own action', () => {
    T.codes.actions.forEach((action, c) => expect(codeOf(T, action)).toBe(c));
  });

  it('an action no list can offer has no code', () => {
    expect(() => codeOf(T, { type: 'add', card: T.cards.instances.length })).toThrow(/no code/);
    expect(() => codeOf(T, { type: 'play', card: 0, cell: 0 })).toThrow(/no code/);
  });
});
