/**
 * The dummies' turn (R14): when their block comes up in turn order, one dummy card is drawn and
 * resolved for every dummy still running: movements one after another in the order green, pink,
 * yellow, brown (jumping first when a dummy starts on a jump space, jumping at the end when it
 * reaches one), then all market marks at once. A dummy that finished first places a
 * running-out-of-time token instead of playing (R12).
 */
import type { RunTables } from '../tables.js';
import { space } from '../board.js';
import { DUMMY_COLORS, type DummyColor, type DummyJump } from '../content/dummy-schema.js';
import { MARKET_ROWS, type MarketRow } from '../cards.js';
import { logEvent } from '../events.js';
import { placeFinisher } from '../outcome.js';
import { refill } from '../market.js';
import { blockResultsSpace } from '../finale-events.js';
import { arrive, canEndOn } from '../pawns.js';
import { gainAcorns, gainTokens, isRunning, type State } from '../state.js';
import { drawDummyCard, dummyCard } from './deck.js';
import { isJumpSpace, movePath, settle } from './move.js';

export const dummyColor = (state: State, racer: number): DummyColor => state.racers[racer]!.pawn as DummyColor;

/** The racers of the dummy block that starts at `first` in turn order. */
export function dummyBlock(state: State, first: number): number[] {
  const at = state.order.indexOf(first);
  const block: number[] = [];
  for (let i = at; i < state.order.length && state.racers[state.order[i]!]!.kind === 'dummy'; i++) block.push(state.order[i]!);
  return block;
}

/** R14 jumps: to the card's lane, the other one when it is occupied, or wait for next turn. */
function treeJump(T: RunTables, state: State, racer: number, jump: DummyJump): boolean {
  const r = state.racers[racer]!;
  const from = r.pos!;
  const targets = space(T, from).jumpTo!;
  const order = jump.to === 'upper' ? [targets.upper, targets.lower] : [targets.lower, targets.upper];
  const to = order.find((t) => canEndOn(T, state, t, racer));
  if (to === undefined) {
    logEvent(state.log, { kind: 'wait', racer, at: from });
    return false;
  }
  const tokens = r.tokens.length;
  let spent = 0;
  if (jump.reward === 'vp') gainTokens(state, r, 1);
  else if (jump.reward === 'trade' && r.acorns > 0) {
    // R14: the trade needs an acorn; without one the dummy gains nothing.
    r.acorns--;
    state.acornSupply++;
    spent = 1;
    gainTokens(state, r, 3);
  }
  const before = r.acorns;
  arrive(T, state, racer, to, from);
  logEvent(state.log, { kind: 'jump', racer, from, to, cards: [], foliage: false, vp: r.tokens.length - tokens, acorns: r.acorns - before, spent });
  return true;
}

/** Foliage jumps ignore the card: a gap of 2 gives an acorn, a gap of 3 a combo VP. */
function foliageJump(T: RunTables, state: State, racer: number): boolean {
  const r = state.racers[racer]!;
  const from = r.pos!;
  const gap = space(T, from).foliage!;
  if (!canEndOn(T, state, gap.to, racer)) {
    logEvent(state.log, { kind: 'wait', racer, at: from });
    return false;
  }
  const tokens = r.tokens.length;
  const before = r.acorns;
  if (gap.cards === 2) gainAcorns(state, r, 1);
  else gainTokens(state, r, 1);
  arrive(T, state, racer, gap.to, from);
  logEvent(state.log, { kind: 'jump', racer, from, to: gap.to, cards: [], foliage: true, vp: r.tokens.length - tokens, acorns: r.acorns - before, spent: 0 });
  return true;
}

function jumpFrom(T: RunTables, state: State, racer: number, jump: DummyJump): boolean {
  return space(T, state.racers[racer]!.pos!).kind === 'jumpoff' ? treeJump(T, state, racer, jump) : foliageJump(T, state, racer);
}

function finishIfThere(T: RunTables, state: State, racer: number): void {
  if (state.racers[racer]!.pos !== T.board.finish) return;
  placeFinisher(state, racer);
  logEvent(state.log, { kind: 'finish', racer, place: state.racers[racer]!.place! });
}

function moveDummy(T: RunTables, state: State, racer: number, card: number): void {
  const color = dummyColor(state, racer);
  const spec = dummyCard(T, card);
  const r = state.racers[racer]!;
  // Starting on a jump space: jump first (a jump deferred last turn included), then move.
  if (isJumpSpace(T, r.pos!) && !jumpFrom(T, state, racer, spec.jumps[color])) return;
  const from = r.pos!;
  const moved = settle(T, state, racer, movePath(T, state, racer, from, spec.moves[color]));
  if (moved) logEvent(state.log, { kind: 'move', racer, from, to: moved.to, acorns: moved.acorns });
  finishIfThere(T, state, racer);
  if (moved && isRunning(r) && isJumpSpace(T, r.pos!)) jumpFrom(T, state, racer, spec.jumps[color]);
}

/** R14 market: every card marked for a running dummy is discarded (an acorn mark costs an acorn), then refilled. */
function marketActions(T: RunTables, state: State, card: number, block: readonly number[]): void {
  const taken: { row: MarketRow; index: number }[] = [];
  for (const mark of dummyCard(T, card).market) {
    const racer = block.find((i) => state.racers[i]!.pawn === mark.color);
    if (racer === undefined) continue;
    const r = state.racers[racer]!;
    const slot = state.market[mark.row].row[mark.index];
    if (!isRunning(r) || slot === null || slot === undefined) continue;
    if (mark.acorn) {
      if (r.acorns === 0) continue;
      r.acorns--;
      state.acornSupply++;
    }
    state.box.push(slot);
    state.market[mark.row].row[mark.index] = null;
    taken.push({ row: mark.row, index: mark.index });
    logEvent(state.log, { kind: 'buy', racer, row: mark.row, card: slot, paid: [], power: 0, spent: mark.acorn ? 1 : 0 });
  }
  for (const row of MARKET_ROWS) for (const t of taken) if (t.row === row) refill(state, row, t.index);
}

/**
 * Plays the dummy block starting at racer `first`; returns the block's last racer. R17: a dummy
 * that finished first places its out-of-time token when its own place in the dummy order comes
 * up, after the dummies before it have moved.
 */
export function playDummyBlock(T: RunTables, state: State, first: number): number {
  const block = dummyBlock(state, first);
  const last = block[block.length - 1]!;
  state.dummyTurn = { card: null, round: state.round };
  const inOrder = DUMMY_COLORS.flatMap((c) => block.filter((i) => state.racers[i]!.pawn === c));
  const blocker = state.firstFinisher !== null && block.includes(state.firstFinisher) ? state.firstFinisher : null;
  const card = inOrder.some((i) => isRunning(state.racers[i]!)) && state.dummies !== null ? drawDummyCard(state.rng, state.dummies) : null;
  state.dummyTurn.card = card;
  if (card !== null) logEvent(state.log, { kind: 'dummy-turn', card, round: state.round });
  for (const racer of inOrder) {
    // R12 (amended): with no token left the first finisher blocks nothing (and nothing is logged).
    if (racer === blocker) blockResultsSpace(state, racer);
    else if (card !== null && isRunning(state.racers[racer]!)) moveDummy(T, state, racer, card);
    if (state.over) return last;
  }
  if (card !== null) marketActions(T, state, card, block);
  return last;
}
