/** Helpers for Acorn Run scenario tests: arranged races and scripted turns. */
import { expect } from 'vitest';
import { actionKey, createMatch, play, type Match } from '../../engine/match.js';
import type { Action } from './actions.js';
import { kindOf } from './cards.js';
import { acornRun } from './index.js';
import type { Arrangement, Options } from './parse.js';
import type { State } from './state.js';
import { BUILTIN_TABLES } from './tables.js';

/** The shipped content's tables. */
const T = BUILTIN_TABLES;

/** A filler deck of plain starters so that scenario hands are exactly what the test names. */
export const FILLER = ['s-green', 's-green', 's-yellow', 's-red'];

export function race(arrangement: Arrangement, opts: { seats?: number; options?: Partial<Options>; seed?: string } = {}): Match {
  const seats = opts.seats ?? Math.max(1, arrangement.decks?.length ?? 1, arrangement.positions?.length ?? 1);
  const created = createMatch(acornRun, { seats, seed: opts.seed ?? 'scenario', options: opts.options ?? {}, arrangement });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

export const stateOf = (match: Match): State => match.state as State;
export const at = (name: string): number => {
  const id = T.board.byName.get(name);
  if (id === undefined) throw new Error(`no space ${name}`);
  return id;
};
export const posName = (match: Match, seat = 0): string | null => {
  const pos = stateOf(match).racers[seat]!.pos;
  return pos === null ? null : T.board.spaces[pos]!.name;
};

/** The number of a card of kind `id` in `seat`'s hand. */
export function card(match: Match, id: string, seat = 0): number {
  const c = stateOf(match).racers[seat]!.hand.find((x) => kindOf(T, x).id === id);
  if (c === undefined) throw new Error(`seat ${seat} holds no ${id}`);
  return c;
}

export const legal = (match: Match, seat = 0): readonly Action[] => acornRun.legalActions(stateOf(match), seat);
export const isLegal = (match: Match, action: Action, seat = 0): boolean =>
  legal(match, seat).some((a) => actionKey(a) === actionKey(action));

/** Plays an action that must be accepted. */
export function must(match: Match, action: Action, seat = 0): void {
  const r = play(match, seat, action);
  if (!r.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)} refused: ${r.error.message}`);
  expect(r.ok).toBe(true);
}

/** Plays an action that must be refused as illegal; returns the reason. */
export function refused(match: Match, action: Action, seat = 0): string {
  const r = play(match, seat, action);
  expect(r.ok).toBe(false);
  return r.ok ? '' : r.error.message;
}

/** Sprint with the named cards (kind ids) from hand. */
export function sprint(match: Match, color: 'green' | 'yellow' | 'red', ids: string[], seat = 0): void {
  must(match, { type: 'sprint', color }, seat);
  for (const id of ids) must(match, { type: 'add', card: card(match, id, seat) }, seat);
  must(match, { type: 'done' }, seat);
}

/** Ends the turn keeping nothing: discards every card left in hand. */
export function endTurn(match: Match, seat = 0): void {
  must(match, { type: 'end' }, seat);
  while (stateOf(match).turn.pending[0]?.kind === 'cleanup') {
    must(match, { type: 'discard', card: stateOf(match).racers[seat]!.hand[0]! }, seat);
  }
}
