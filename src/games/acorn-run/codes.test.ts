/**
 * Action codes (action-table.ts): the random playout walks Acorn Run by code, and must play the
 * same games as through `legalActions` (`drey sim` digests depend on it).
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../engine/game.js';
import { stableHash } from '../../engine/hash.js';
import { randomPlayout, type PlayoutStep } from '../../engine/playout.js';
import { createRng, nextInt } from '../../engine/rng.js';
import { codeOf } from './action-table.js';
import { acornRun } from './index.js';
import { BUILTIN_TABLES as T } from './tables.js';

const game = acornRun as unknown as AnyGame;
/** The same game without its codes: the engine walks it through legalActions. */
const byActions: AnyGame = { ...game, codes: undefined };

const CONFIGS = [
  { seats: 4, options: {} },
  { seats: 1, options: { dummies: 3, trees: 3 } },
  { seats: 6, options: { trees: 2, roundLimit: 5 } },
];

function playout(g: AnyGame, seats: number, options: unknown, seed: string): { steps: PlayoutStep[]; hash: string } {
  const parsed = g.parseOptions(options, seats);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const state = g.setup({ seats, seed, options: parsed.value });
  const steps: PlayoutStep[] = [];
  randomPlayout(g, state, createRng(`${seed}.moves`), 100_000, (step) => steps.push(step));
  return { steps, hash: stableHash(state) };
}

describe('Acorn Run action codes', () => {
  it('a random playout by code plays the same actions to the same final state as one by legalActions', () => {
    for (const { seats, options } of CONFIGS) {
      for (let i = 0; i < 4; i++) {
        const coded = playout(game, seats, options, `codes.${seats}.${i}`);
        const listed = playout(byActions, seats, options, `codes.${seats}.${i}`);
        expect(coded.steps.length).toBeGreaterThan(100);
        expect(coded.steps).toEqual(listed.steps);
        expect(coded.hash).toBe(listed.hash);
      }
    }
  });

  it('every legal list by code is legalActions, action for action, and each action codes back to its code', () => {
    const options = game.parseOptions({}, 4);
    if (!options.ok) throw new Error(options.error.message);
    const state = game.setup({ seats: 4, seed: 'codes.lists', options: options.value });
    const codes = game.codes!;
    const rng = createRng('codes.lists.moves');
    let steps = 0;
    for (let toAct = game.toAct(state); toAct.length > 0; steps++) {
      const seat = toAct[0]!;
      const listed = codes.legal(state, seat);
      expect(listed.map((c) => codes.action(c))).toEqual(game.legalActions(state, seat));
      // A copy: rules compare fields, never identities.
      for (const c of listed) expect(codeOf(T, { ...T.codes.actions[c]! })).toBe(c);
      toAct = codes.step(state, seat, listed[nextInt(rng, listed.length)]!);
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
