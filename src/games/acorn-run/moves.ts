/**
 * Main moves (R2–R4): sprint, climb and descend, each built card by card and finished with
 * `done` or taken back with `cancel`.
 */
import type { RunTables } from './tables.js';
import { space } from './board.js';
import { pushPerKind, type CodeList } from './action-table.js';
import { colorOf, kindOf } from './cards.js';
import { COLORS, type Color } from './content/schema.js';
import { logEvent } from './events.js';
import { arrive, forwardPath } from './pawns.js';
import { addToHand, currentRacer, pushAll, removeCard, type Pending, type State } from './state.js';

type SprintPending = Extract<Pending, { kind: 'sprint' }>;
type VerticalPending = Extract<Pending, { kind: 'climb' | 'descend' }>;

/** R3: in a lane you may sprint with its color or the color of any zone above it. */
export function sprintColors(zone: Color): Color[] {
  return COLORS.slice(COLORS.indexOf(zone));
}

/** R3: a card moves one space in a sprint, or more with a sprint-plus effect. */
export function sprintValue(T: RunTables, card: number): number {
  const e = kindOf(T, card).effect;
  return e?.kind === 'sprint-plus' ? e.spaces : 1;
}

export function sprintDistance(T: RunTables, cards: readonly number[]): number {
  return cards.reduce((n, c) => n + sprintValue(T, c), 0);
}

/**
 * The colors of the cards in `hand` as a bit set (bit i: COLORS[i]), in one pass: the move starts
 * ask it for up to five colors at every step, and a hand is read once instead of once per color.
 */
function handColors(T: RunTables, hand: readonly number[]): number {
  const colorBits = T.cards.colorBits;
  let bits = 0;
  for (let i = 0; i < hand.length; i++) {
    const bit = colorBits[hand[i]!];
    if (bit === undefined) throw new Error(`no card number ${hand[i]}`);
    bits |= bit;
  }
  return bits;
}

/** The main moves the current racer may start now. */
export function legalMoveStarts(T: RunTables, state: State, out: CodeList): void {
  const r = currentRacer(state);
  if (r.pos === null) return;
  const s = space(T, r.pos);
  if (s.kind === 'jumpoff' || s.zone === null) return;
  const t = state.turn;
  const bits = handColors(T, r.hand);
  if ((t.mainMoves > 0 || t.extraSprints > 0) && s.forward !== null) {
    // R3 (sprintColors): the lane's color and every color above it, without a sliced list; the
    // lane's color index is the position of its zone bit (no indexOf at every step).
    for (let c = 31 - Math.clz32(T.zoneBits[r.pos]!); c < COLORS.length; c++) {
      if ((bits & (1 << c)) !== 0) out.push(T.codes.sprint + c);
    }
  }
  if (t.mainMoves > 0) {
    // R4: a climb needs a card of the zone climbed to, a descent any card with a color.
    if (s.up !== null && (bits & T.zoneBits[s.up]!) !== 0) out.push(T.codes.climb);
    if (s.down !== null && bits !== 0) out.push(T.codes.descend);
  }
}

export function startSprint(state: State, color: Color): void {
  const t = state.turn;
  // An extra sprint is used before the main move: the main move stays free for a climb or descent.
  const extra = t.extraSprints > 0;
  if (extra) t.extraSprints--;
  else t.mainMoves--;
  t.pending.push({ kind: 'sprint', color, cards: [], from: currentRacer(state).pos!, extra });
}

export function startVertical(state: State, kind: 'climb' | 'descend'): void {
  state.turn.mainMoves--;
  state.turn.pending.push({ kind, cards: [], from: currentRacer(state).pos! });
}

export function legalSprint(T: RunTables, state: State, p: SprintPending, out: CodeList): void {
  const r = currentRacer(state);
  pushPerKind(T, r.hand, T.codes.add, out, (c) => colorOf(T, c) === p.color);
  if (p.cards.length > 0) {
    // R8 (amended): the sprint may stop on a taken space; only the end of the turn is checked.
    // Every card moves at least one space (sprint-plus is 2-4, content schema), so forwardPath
    // is empty only when the pawn has no space ahead: that is asked without building the path.
    if (space(T, p.from).forward !== null) out.push(T.codes.done);
  }
  out.push(T.codes.cancel);
}

/** The space above (climb) or below (descend) the pawn, and which cards may take it there (R4). */
function verticalTarget(T: RunTables, state: State, p: VerticalPending): number | null {
  const s = space(T, currentRacer(state).pos!);
  return p.kind === 'climb' ? s.up : s.down;
}

/** R4: whether `card` may take the pawn up (climb: the colour of the space climbed to) or down (any colour) to `target`. */
export const fitsVertical = (T: RunTables, kind: VerticalPending['kind'], target: number, card: number): boolean => {
  const color = colorOf(T, card);
  return kind === 'climb' ? color === space(T, target).zone : color !== null;
};

export function legalVertical(T: RunTables, state: State, p: VerticalPending, out: CodeList): void {
  const r = currentRacer(state);
  const target = verticalTarget(T, state, p);
  if (target !== null) {
    pushPerKind(T, r.hand, T.codes.add, out, (c) => fitsVertical(T, p.kind, target, c));
  }
  if (p.cards.length > 0) {
    if (space(T, r.pos!).line !== null) out.push(T.codes.slide);
    out.push(T.codes.done);
  }
  out.push(T.codes.cancel);
}

export function addToMove(T: RunTables, state: State, p: SprintPending | VerticalPending, card: number): void {
  const r = currentRacer(state);
  removeCard(r.hand, card);
  p.cards.push(card);
  // Climbs and descents move the pawn at once (it may pass through other pawns, R8).
  if (p.kind !== 'sprint') r.pos = verticalTarget(T, state, p)!;
}

/** R4: slide forward along the horizontal line the pawn is on. */
export function slide(T: RunTables, state: State): void {
  const r = currentRacer(state);
  r.pos = space(T, r.pos!).line!;
}

export function finishMove(T: RunTables, state: State, p: SprintPending | VerticalPending): void {
  const t = state.turn;
  const r = currentRacer(state);
  t.pending.shift();
  pushAll(t.played, p.cards);
  if (p.kind === 'sprint') {
    // R2: a sprint card with the extra-sprint effect grants one more sprint this turn.
    for (const c of p.cards) if (kindOf(T, c).effect?.kind === 'extra-sprint') t.extraSprints++;
    const path = forwardPath(T, p.from, sprintDistance(T, p.cards));
    const dest = path[path.length - 1]!;
    const acorns = arrive(T, state, t.racer, dest, path.length > 1 ? path[path.length - 2]! : p.from);
    logEvent(state.log, { kind: 'sprint', racer: t.racer, color: p.color, from: p.from, to: dest, cards: p.cards, acorns });
  } else {
    const acorns = arrive(T, state, t.racer, r.pos!, r.pos!);
    logEvent(state.log, { kind: p.kind, racer: t.racer, from: p.from, to: r.pos!, cards: p.cards, acorns });
  }
}

export function cancelMove(state: State, p: SprintPending | VerticalPending): void {
  const t = state.turn;
  const r = currentRacer(state);
  t.pending.shift();
  addToHand(r, p.cards);
  r.pos = p.from;
  if (p.kind === 'sprint' && p.extra) t.extraSprints++;
  else t.mainMoves++;
}
