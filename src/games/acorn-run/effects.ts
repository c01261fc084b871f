/**
 * Card effects played on their own, acorn actions on the player board (R9), and the choices some
 * effects leave pending (discard after a cycle, trash, gain).
 */
import type { RunTables } from './tables.js';
import { pushPerKind, SLOTS, type CodeList } from './action-table.js';
import { directionBit, distinctKinds, isSorted, kindOf, PLAY_ACORN, PLAY_ALWAYS, PLAY_MOVE, PLAY_NONE, PLAY_OOPS } from './cards.js';
import { DIRECTIONS, type Direction, type Effect } from './content/schema.js';
import { filledSlots, takeFromMarket } from './market.js';
import { arrive, stepTarget } from './pawns.js';
import { logEvent } from './events.js';
import { CELL_ACORN, CELL_CARD, CELL_EMPTY, currentRacer, drawAndLog, gainAcorns, gainTokens, removeCard, type Pending, type State } from './state.js';
import { MARKET_ROWS, type MarketRow } from './cards.js';

export type { Cell } from './tables.js';

/**
 * Appends `first + cell` for each empty player-board cell whose action can be resolved now (a free
 * move needs a space in its direction, R8): `stepBits` are the directions the pawn can step (0 off
 * the board). A pass over the dozen cells for each family, where a list of the empty cells shared
 * by the families was one more list made at most steps with nothing pending.
 */
function pushEmptyCells(T: RunTables, grid: readonly number[], stepBits: number, first: number, out: CodeList): void {
  const needs = T.cellMoveBits;
  for (let i = 0; i < grid.length; i++) {
    if (grid[i] === CELL_EMPTY && (needs[i]! & ~stepBits) === 0) out.push(first + i);
  }
}

/**
 * Cards that may be played now for their own effect, one action per kind (and target), then R9's
 * acorn spends on every empty grid space whose action can be resolved now (this runs at every
 * step of a turn with nothing pending).
 */
export function legalPlaysAndSpends(T: RunTables, state: State, out: CodeList): void {
  const r = currentRacer(state);
  const stepBits = r.pos === null ? 0 : T.stepBits[r.pos]!;
  const plays = T.cards.plays;
  const kindIndex = T.cards.kindIndex;
  // One card per kind, the lowest number of each, in increasing order (distinctKinds): a sorted
  // hand (hands are, state.ts addToHand) is walked once, skipping a card when an earlier card has
  // its kind. Starter cards have no effect (PLAY_NONE), so early hands list nothing.
  const hand = isSorted(r.hand) ? r.hand : distinctKinds(T, r.hand);
  for (let i = 0; i < hand.length; i++) {
    const card = hand[i]!;
    const mode = plays[card];
    if (mode === undefined) throw new Error(`no card number ${card}`);
    if (mode === PLAY_NONE) continue;
    const k = kindIndex[card];
    let j = 0;
    while (j < i && kindIndex[hand[j]!] !== k) j++;
    if (j < i) continue;
    switch (mode) {
      case PLAY_MOVE:
        if ((T.cards.moveBits[card]! & stepBits) !== 0) out.push(T.codes.play + card);
        break;
      case PLAY_ALWAYS:
        out.push(T.codes.play + card);
        break;
      case PLAY_ACORN:
        pushEmptyCells(T, r.grid, stepBits, T.codes.playOn[card]!, out);
        break;
      case PLAY_OOPS: {
        const acornCells: number[] = [];
        for (let c = 0; c < r.grid.length; c++) if (r.grid[c] === CELL_ACORN) acornCells.push(c);
        const first = T.codes.oops[card]!;
        for (let d = 0; d < DIRECTIONS.length; d++) {
          if ((directionBit(DIRECTIONS[d]!) & stepBits) === 0) continue;
          for (const cell of acornCells) out.push(first + d * T.cells.length + cell);
        }
        break;
      }
    }
  }
  // R9: spend an acorn on any empty grid space whose action can be resolved now.
  if (r.acorns > 0) pushEmptyCells(T, r.grid, stepBits, T.codes.spend, out);
}

/** Resolves one effect for the current racer; choices it leaves go to the pending list. */
export function resolveEffect(T: RunTables, state: State, effect: Effect): void {
  const t = state.turn;
  const r = currentRacer(state);
  switch (effect.kind) {
    case 'move': {
      const from = r.pos!;
      const to = stepTarget(T, from, effect.dir)!;
      const acorns = arrive(T, state, t.racer, to, from);
      logEvent(state.log, { kind: 'step', racer: t.racer, from, to, acorns, dropped: false });
      return;
    }
    case 'extra-move':
      t.mainMoves++;
      return;
    case 'draw':
      drawAndLog(state, t.racer, effect.cards);
      return;
    case 'cycle': {
      drawAndLog(state, t.racer, effect.draw);
      const count = Math.min(effect.discard, r.hand.length);
      if (count > 0) t.pending.push({ kind: 'discard', count });
      return;
    }
    case 'buying-power':
      t.buyingPower += effect.amount;
      if (effect.refresh) t.refreshes++;
      return;
    case 'trash':
      if (r.hand.length + r.discard.length > 0) t.pending.push({ kind: 'trash' });
      return;
    case 'gain':
      if (filledSlots(state).length > 0) t.pending.push({ kind: 'gain' });
      return;
    case 'combo-vp': {
      const count = gainTokens(state, r, effect.tokens);
      if (count > 0) logEvent(state.log, { kind: 'tokens', racer: t.racer, count });
      return;
    }
    case 'acorns': {
      const count = gainAcorns(state, r, effect.count);
      if (count > 0) logEvent(state.log, { kind: 'acorns', racer: t.racer, count });
      return;
    }
    case 'sprint-plus':
    case 'extra-sprint':
    case 'big-acorn':
    case 'small-acorn':
    case 'oops':
      throw new Error(`the ${effect.kind} effect is not resolved on its own`);
  }
}

export function playCard(T: RunTables, state: State, card: number, dir: Direction | undefined, cell: number | undefined): void {
  const t = state.turn;
  const r = currentRacer(state);
  const effect = kindOf(T, card).effect!;
  removeCard(r.hand, card);
  logEvent(state.log, cell === undefined ? { kind: 'play', racer: t.racer, card } : { kind: 'play', racer: t.racer, card, cell });
  switch (effect.kind) {
    case 'big-acorn':
    case 'small-acorn':
      // R9: an acorn card uses an empty space without an acorn, and never earns the column bonus.
      r.grid[cell!] = CELL_CARD;
      if (effect.kind === 'small-acorn') state.box.push(card);
      else t.played.push(card);
      resolveEffect(T, state, T.cells[cell!]!.effect);
      return;
    case 'oops': {
      // Move, then an acorn leaves the player board for the space just left; its grid space is free again.
      t.played.push(card);
      const from = r.pos!;
      const to = stepTarget(T, from, dir!)!;
      const acorns = arrive(T, state, t.racer, to, from);
      r.grid[cell!] = CELL_EMPTY;
      state.boardAcorns[from]!++;
      t.dropped.push(from);
      logEvent(state.log, { kind: 'step', racer: t.racer, from, to, acorns, dropped: true });
      return;
    }
    default:
      t.played.push(card);
      resolveEffect(T, state, effect);
  }
}

/** R9: the acorn fills the space, its action resolves, and completing the column adds the bonus. */
export function spendAcorn(T: RunTables, state: State, cell: number): void {
  const r = currentRacer(state);
  r.acorns--;
  r.grid[cell] = CELL_ACORN;
  const column = T.cells[cell]!.column;
  const bonus = T.columnCells[column]!.every((i) => r.grid[i] !== CELL_EMPTY);
  logEvent(state.log, { kind: 'spend', racer: state.turn.racer, cell, bonus });
  resolveEffect(T, state, T.cells[cell]!.effect);
  if (bonus) resolveEffect(T, state, T.content.playerBoard.columns[column]!.bonus);
}

type Choice = Extract<Pending, { kind: 'discard' | 'trash' | 'gain' }>;

export function legalChoice(T: RunTables, state: State, p: Choice, out: CodeList): void {
  const r = currentRacer(state);
  switch (p.kind) {
    case 'discard':
      pushPerKind(T, r.hand, T.codes.discard, out);
      return;
    case 'trash':
      // Per kind in hand, then per kind in the discard pile (a kind may be offered from both).
      pushPerKind(T, r.hand, T.codes.trash, out);
      pushPerKind(T, r.discard, T.codes.trash, out);
      out.push(T.codes.skip);
      return;
    case 'gain':
      for (const { row, index } of filledSlots(state)) out.push(T.codes.gain + MARKET_ROWS.indexOf(row) * SLOTS + index);
      out.push(T.codes.skip);
      return;
  }
}

export function discardForEffect(state: State, p: Extract<Pending, { kind: 'discard' }>, card: number): void {
  const r = currentRacer(state);
  removeCard(r.hand, card);
  r.discard.push(card);
  logEvent(state.log, { kind: 'discard', racer: state.turn.racer, card });
  p.count--;
  if (p.count === 0 || r.hand.length === 0) state.turn.pending.shift();
}

/** The card leaves the game: from hand if it is there, else from the discard pile. */
export function trashCard(state: State, card: number): void {
  const r = currentRacer(state);
  if (r.hand.includes(card)) removeCard(r.hand, card);
  else removeCard(r.discard, card);
  state.box.push(card);
  logEvent(state.log, { kind: 'trash', racer: state.turn.racer, card });
  state.turn.pending.shift();
}

export function gainCard(state: State, row: MarketRow, index: number): void {
  logEvent(state.log, { kind: 'gain', racer: state.turn.racer, row, card: state.market[row].row[index]! });
  takeFromMarket(state, row, index);
  state.turn.pending.shift();
}
