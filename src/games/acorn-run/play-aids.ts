/**
 * Facts a table needs to let a player act by direct manipulation, computed from the view with the
 * rules' own helpers (never a second copy of the rules): where a set of cards from hand takes the
 * pawn in a sprint, climb or descent (R3, R4), the steps that build that move, what a combo jump
 * earns (R5), what step of the turn is pending in words, and card effects in plain sentences.
 * The engine still decides: a table sends each step only when it is among the legal actions.
 * Pure: used by the web table and its tests.
 */
import type { RunTables } from './tables.js';
import type { Action } from './actions.js';
import { space } from './board.js';
import { colorOf, kindOf } from './cards.js';
import type { Effect } from './content/schema.js';
import { comboReward } from './jump.js';
import { fitsVertical, sprintDistance } from './moves.js';
import { forwardPath } from './pawns.js';
import type { AcornRunView } from './view.js';

export type MoveKind = 'sprint' | 'climb' | 'descend';

/** One way to move the pawn with the chosen cards: where it ends and the actions that build it. */
export interface MovePlan {
  kind: MoveKind;
  /** Where the pawn ends the move. */
  to: number;
  /** The spaces entered on the way, in order (the last is `to`). */
  path: number[];
  /** The engine's steps: start, add each card, (slide), done. */
  actions: Action[];
}

const sameAction = (a: Action, b: Action): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The legal action that does what `wanted` asks: the same action, or (for a card) the same action
 * with another copy of the same card (legal actions name one card per kind, see distinctKinds).
 */
export function matchLegal(T: RunTables, wanted: Action, legal: readonly Action[]): Action | null {
  const exact = legal.find((a) => sameAction(a, wanted));
  if (exact) return exact;
  if (!('card' in wanted)) return null;
  const kind = kindOf(T, wanted.card).id;
  return legal.find((a) => a.type === wanted.type && 'card' in a && kindOf(T, a.card).id === kind && sameAction({ ...a, card: wanted.card }, wanted)) ?? null;
}

/** The viewer's pawn, if it races and stands on the board. */
const myPos = (view: AcornRunView): number | null => (view.me === null ? null : (view.racers[view.me]?.pos ?? null));

/**
 * Every move the chosen `cards` (all of them) make now, with no step pending: a sprint in their
 * one colour (R3), a climb whose every card matches the zone it climbs into (R4), a descent of one
 * space per coloured card (R4), each climb or descent also followed by slides along a horizontal
 * line. Only moves whose first step is legal now are offered.
 */
export function movePlans(T: RunTables, view: AcornRunView, legal: readonly Action[], cards: readonly number[]): MovePlan[] {
  const pos = myPos(view);
  if (pos === null || cards.length === 0 || view.turn.pending.length > 0) return [];
  const adds = (order: readonly number[]): Action[] => order.map((card): Action => ({ type: 'add', card }));
  const plans: MovePlan[] = [];
  const colors = new Set(cards.map((c) => colorOf(T, c)));
  const color = colors.size === 1 ? colorOf(T, cards[0]!) : null;
  if (color !== null && matchLegal(T, { type: 'sprint', color }, legal)) {
    const path = forwardPath(T, pos, sprintDistance(T, cards));
    if (path.length > 0) plans.push({ kind: 'sprint', to: path[path.length - 1]!, path, actions: [{ type: 'sprint', color }, ...adds(cards), { type: 'done' }] });
  }
  for (const kind of ['climb', 'descend'] as const) {
    if (!matchLegal(T, { type: kind }, legal)) continue;
    const left = [...cards];
    const order: number[] = [];
    const path: number[] = [];
    let cur = pos;
    while (left.length > 0) {
      const next = kind === 'climb' ? space(T, cur).up : space(T, cur).down;
      if (next === null) break;
      const i = left.findIndex((c) => fitsVertical(T, kind, next, c));
      if (i < 0) break;
      order.push(left.splice(i, 1)[0]!);
      path.push(next);
      cur = next;
    }
    if (left.length > 0) continue;
    const start: Action = { type: kind };
    plans.push({ kind, to: cur, path: [...path], actions: [start, ...adds(order), { type: 'done' }] });
    // R4: after climbing or descending the pawn may go forward along a horizontal line.
    const slides: Action[] = [];
    for (let s = space(T, cur).line; s !== null; s = space(T, s).line) {
      slides.push({ type: 'slide' });
      path.push(s);
      plans.push({ kind, to: s, path: [...path], actions: [start, ...adds(order), ...slides, { type: 'done' }] });
    }
  }
  return plans;
}

/**
 * Where the sprint, climb or descent being built ends if finished now: a sprint's cards carried
 * forward from where it started (R3), a climb or descent where the pawn already stands (R4).
 */
export function pendingMoveEnd(T: RunTables, view: AcornRunView): number | null {
  const p = view.turn.pending[0];
  if (!p || !('cards' in p) || p.cards.length === 0) return null;
  if (p.kind === 'sprint') {
    const path = forwardPath(T, p.from, sprintDistance(T, p.cards));
    return path[path.length - 1] ?? null;
  }
  return p.kind === 'climb' || p.kind === 'descend' ? myPos(view) : null;
}

/** R5: a combo of `cards` cards in a jump earns this (a single card is no combo). */
export function comboWords(T: RunTables, cards: number): string {
  if (cards < 2) return cards === 1 ? 'one card: no combo, lower lane only' : 'no cards yet';
  const r = comboReward(T, cards);
  const parts = [...(r.vp > 0 ? [`${r.vp} combo VP`] : []), ...(r.acorns > 0 ? [`${r.acorns} acorn${r.acorns > 1 ? 's' : ''}`] : [])];
  return `${cards}-card combo: ${parts.join(' + ')}`;
}

/** A card effect in a sentence, for a tooltip or tap-to-read. */
export function effectSentence(e: Effect): string {
  switch (e.kind) {
    case 'move':
      return `Play it on its own: move 1 space ${e.dir}, whatever the lane's colour.`;
    case 'sprint-plus':
      return `In a sprint this card moves ${e.spaces} spaces instead of 1.`;
    case 'extra-sprint':
      return 'In a sprint: you may sprint once more this turn.';
    case 'extra-move':
      return 'Play it on its own: one more sprint, climb or descent this turn.';
    case 'big-acorn':
      return 'Play it on its own: use an empty space of your player board without spending an acorn.';
    case 'small-acorn':
      return 'Play it on its own: use an empty space of your player board without spending an acorn, then the card leaves the game.';
    case 'oops':
      return 'Play it on its own: move 1 space, then take an acorn off your player board and drop it on the space you left.';
    case 'draw':
      return `Play it on its own: draw ${e.cards} card${e.cards > 1 ? 's' : ''}.`;
    case 'cycle':
      return `Play it on its own: draw ${e.draw} cards, then discard ${e.discard}.`;
    case 'buying-power':
      return `Play it on its own: +${e.amount} buying power this turn${e.refresh ? '; you may also replace a market row' : ''}.`;
    case 'trash':
      return 'Play it on its own: remove a card of your hand or discard pile from the game.';
    case 'gain':
      return 'Play it on its own: take a market card for free.';
    case 'combo-vp':
      return `${e.tokens} combo VP.`;
    case 'acorns':
      return `${e.count} acorn${e.count > 1 ? 's' : ''}.`;
  }
}

/** A card in words for a tooltip: colour, cost, what it combos with and its effect. */
export function cardSentence(T: RunTables, card: number): string {
  const k = kindOf(T, card);
  const colour = k.color === 'acorn' ? 'An acorn card (no colour: it cannot move or combo, but it pays for cards)' : `A ${k.color} card`;
  const cost = k.cost > 0 ? `, cost ${k.cost}` : ', a starter card';
  const combo = k.combo.length > 0 ? `. In a jump combo the next card may be ${k.combo.join(' or ')}` : '';
  const effect = k.effect ? `. ${effectSentence(k.effect)}` : '';
  return `${k.name}: ${colour}${cost}${combo}${effect}`;
}

/** What the pending step of the turn is, in words, for the prompt above the board. */
export function stepPrompt(T: RunTables, view: AcornRunView): string {
  const p = view.turn.pending[0];
  if (!p) return 'Your turn. Pick cards in your hand to see where they take you on the board, click a market card to buy it, or an empty space of your player board to spend an acorn. End the turn when you are done.';
  switch (p.kind) {
    case 'sprint':
      return `Sprinting in ${p.color}: add ${p.color} cards from your hand (${sprintDistance(T, p.cards)} space${sprintDistance(T, p.cards) === 1 ? '' : 's'} so far), then finish the sprint.`;
    case 'climb':
      return `Climbing: add a card matching the colour of the lane above (${p.cards.length} so far), then finish the climb.`;
    case 'descend':
      return `Descending: add any coloured card per space down (${p.cards.length} so far), then finish the descent.`;
    case 'jump':
      return `Jumping: build your combo card by card (${comboWords(T, p.cards.length)}), then click a lit landing space on the board.`;
    case 'pay': {
      const card = view.market[p.row].row[p.index];
      const cost = card === null || card === undefined ? 0 : kindOf(T, card).cost;
      const paid = p.power + p.cards.length;
      return `Paying for ${card === null || card === undefined ? 'a card' : kindOf(T, card).name}: ${paid} of ${cost} paid${p.power > 0 ? ` (${p.power} from buying power)` : ''}. Click cards in your hand to discard them as payment.`;
    }
    case 'discard':
      return `Card effect: discard ${p.count} card${p.count > 1 ? 's' : ''} from your hand.`;
    case 'trash':
      return 'Card effect: choose a card of your hand or discard pile to remove from the game, or skip.';
    case 'gain':
      return 'Card effect: click a market card to take it for free, or skip.';
    case 'cleanup':
      return 'End of your turn: click the cards you want to discard, then keep the rest and draw back up to six.';
  }
}

/** "1st", "2nd", "3rd", "11th" … */
export const ordinal = (n: number): string => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
};

/** What a results screen needs of a racer (a `RacerView`). */
export type ResultRacer = Pick<AcornRunView['racers'][number], 'racer' | 'place' | 'out' | 'raceVp' | 'tokens'>;

/**
 * "finished 3rd": the order in which the racer crossed the line among those who finished. The
 * racer's `place` is its results-board space (R12), which running-out-of-time tokens also take,
 * so the 3rd racer over the line may sit on space 5: players read the order, never the space.
 */
export function finishLabel(racers: readonly ResultRacer[], racer: number): string | null {
  const r = racers.find((x) => x.racer === racer);
  if (!r) return null;
  if (r.out) return 'out of time';
  if (r.place === null) return null;
  const ahead = racers.filter((x) => x.place !== null && x.place < r.place!).length;
  return `finished ${ordinal(ahead + 1)}`;
}

export interface ResultRow {
  racer: number;
  /** 1 = best; racers level on total and race result share a rank (R13). */
  rank: number;
  combo: number;
  total: number;
  /** "finished 2nd", "out of time" or "—" (still running when the game ended). */
  result: string;
}

/** Every racer by final rank: total VP, ties to the better race result (R13). */
export function resultRows(racers: readonly ResultRacer[]): ResultRow[] {
  const base = racers.map((r) => {
    const combo = r.tokens ? r.tokens.reduce((a, b) => a + b, 0) : 0;
    return { r, combo, total: r.out ? 0 : r.raceVp + combo, slot: r.place ?? Number.MAX_SAFE_INTEGER };
  });
  base.sort((a, b) => b.total - a.total || a.slot - b.slot);
  return base.map((x) => ({
    racer: x.r.racer,
    rank: 1 + base.filter((y) => y.total > x.total || (y.total === x.total && y.slot < x.slot)).length,
    combo: x.combo,
    total: x.total,
    result: finishLabel(racers, x.r.racer) ?? '—',
  }));
}
