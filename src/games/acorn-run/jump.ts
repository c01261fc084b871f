/**
 * Jumps (R5, R6): from a tree's jump-off space to the next tree, or across a foliage gap, built
 * card by card as a combo and finished with `land`.
 */
import type { RunTables } from './tables.js';
import { space } from './board.js';
import { pushPerKind, type CodeList } from './action-table.js';
import { colorOf, kindOf } from './cards.js';
import { logEvent } from './events.js';
import { arrive } from './pawns.js';
import { addToHand, currentRacer, gainAcorns, gainTokens, pushAll, removeCard, type Pending, type State } from './state.js';

type JumpPending = Extract<Pending, { kind: 'jump' }>;

/**
 * A jump can start from a tree's jump-off space, or from the edge of a foliage gap when the hand
 * holds a combo of exactly the gap's size (R6): a jump that could never land is not offered, so
 * a racer who may not end the turn where it stands (R8) is never left only starting and
 * cancelling it.
 */
export function legalJumpStart(T: RunTables, state: State, out: CodeList): void {
  const r = currentRacer(state);
  if (r.pos === null || r.hand.length === 0) return;
  const s = space(T, r.pos);
  if (
    s.jumpTo !== null ||
    (s.foliage !== null && canChain(T, { kind: 'jump', cards: [], from: r.pos }, r.hand, r.hand.map(() => false), s.foliage.cards))
  ) {
    out.push(T.codes.jump);
  }
}

/**
 * Whether `n` more cards of `hand` (those not `used`) can be added to the combo in progress `p`,
 * one after another. A depth-first search that tries each card on `p.cards` and takes it back, so
 * it builds no lists: it runs for every legal-action list at the edge of a foliage gap.
 */
function canChain(T: RunTables, p: JumpPending, hand: readonly number[], used: boolean[], n: number): boolean {
  if (n === 0) return true;
  for (let i = 0; i < hand.length; i++) {
    if (used[i] || !canAdd(T, p, hand[i]!)) continue;
    used[i] = true;
    p.cards.push(hand[i]!);
    const chained = canChain(T, p, hand, used, n - 1);
    p.cards.pop();
    used[i] = false;
    if (chained) return true;
  }
  return false;
}

export function startJump(state: State): void {
  state.turn.pending.push({ kind: 'jump', cards: [], from: currentRacer(state).pos! });
}

/**
 * R5: the first card of a combo needs a combo symbol; each next card's color must be one of the
 * previous card's symbols. A tree jump may also be a single card of any kind (no combo).
 * R6: a foliage jump is a combo of exactly the gap's number of cards.
 */
function canAdd(T: RunTables, p: JumpPending, card: number): boolean {
  const gap = space(T, p.from).foliage;
  if (gap !== null && p.cards.length >= gap.cards) return false;
  const color = colorOf(T, card);
  if (p.cards.length === 0) return gap === null || (color !== null && kindOf(T, card).combo.length > 0);
  return color !== null && kindOf(T, p.cards[p.cards.length - 1]!).combo.includes(color);
}

/** Where the jump may land now: R5 lower lane with any card, upper lane only with a combo; R8: taken spaces too. */
export function landingSpaces(T: RunTables, p: JumpPending): number[] {
  const s = space(T, p.from);
  const n = p.cards.length;
  const out: number[] = [];
  if (s.jumpTo !== null) {
    if (n >= 1) out.push(s.jumpTo.lower);
    if (n >= 2) out.push(s.jumpTo.upper);
  } else if (s.foliage !== null && n === s.foliage.cards) {
    out.push(s.foliage.to);
  }
  return out;
}

export function legalJump(T: RunTables, state: State, p: JumpPending, out: CodeList): void {
  const r = currentRacer(state);
  pushPerKind(T, r.hand, T.codes.add, out, (c) => canAdd(T, p, c));
  for (const to of landingSpaces(T, p)) out.push(T.codes.land + to);
  out.push(T.codes.cancel);
}

export function addToJump(state: State, p: JumpPending, card: number): void {
  removeCard(currentRacer(state).hand, card);
  p.cards.push(card);
}

/** R5: the reward of a combo of `n` cards (longer combos than the table pay its last row). */
export function comboReward(T: RunTables, n: number): { vp: number; acorns: number } {
  const table = T.content.race.comboRewards;
  return table[Math.min(n, table.length - 1)]!;
}

export function land(T: RunTables, state: State, p: JumpPending, to: number): void {
  const t = state.turn;
  const r = currentRacer(state);
  t.pending.shift();
  pushAll(t.played, p.cards);
  // Only one combo per jump counts (R5); a single card is no combo and earns nothing.
  let vp = 0;
  let acorns = 0;
  if (p.cards.length >= 2) {
    const reward = comboReward(T, p.cards.length);
    vp = gainTokens(state, r, reward.vp);
    acorns = gainAcorns(state, r, reward.acorns);
  }
  acorns += arrive(T, state, t.racer, to, p.from);
  const foliage = space(T, p.from).foliage !== null;
  logEvent(state.log, { kind: 'jump', racer: t.racer, from: p.from, to, cards: p.cards, foliage, vp, acorns, spent: 0 });
}

export function cancelJump(state: State, p: JumpPending): void {
  state.turn.pending.shift();
  addToHand(currentRacer(state), p.cards);
}
