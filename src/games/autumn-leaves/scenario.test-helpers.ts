/** Helpers for Autumn Leaves scenario tests: arranged deals and short scripted games. */
import { expect } from 'vitest';
import { createMatch, play, type Match } from '../../engine/match.js';
import { arrangeDeal } from './arrange.js';
import { autumnLeaves } from './index.js';
import type { State } from './state.js';

export { arrangeDeal } from './arrange.js';

export function arrangedMatch(hands: number[][], opts: { drawTop?: number[]; seed?: string; hands?: number } = {}): Match {
  const created = createMatch(autumnLeaves, {
    seats: hands.length,
    seed: opts.seed ?? 'scenario',
    options: { hands: opts.hands ?? 1 },
    arrangement: { deals: [arrangeDeal(hands, opts.drawTop)] },
  });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

export const stateOf = (match: Match): State => match.state as State;

/** Plays an action that must be accepted. */
export function must(match: Match, seat: number, action: unknown): void {
  const r = play(match, seat, action);
  if (!r.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)} refused: ${r.error.message}`);
  expect(r.ok).toBe(true);
}

/** Every seat chooses the given card (seat order). */
export function chooseAll(match: Match, cards: number[]): void {
  cards.forEach((card, seat) => must(match, seat, { type: 'choose', card }));
}
