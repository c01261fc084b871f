/**
 * What the Acorn Run bots value, in VP, read from the content (issue 23): the results track
 * (R12) sets what a turn of racing is worth, the combo tokens (R7) what a combo VP is worth, the
 * combo rewards (R5) what a combo symbol is worth, the player board (R9) what an acorn buys, the
 * hand size how far a hand goes, and each card's value follows from what its effect does on this
 * content (spaces, cards drawn, acorns, tokens) in those units. Nothing here copies a content
 * figure: a designer's change to any of them changes what the bots do. The multipliers below
 * are rules knowledge (how much of a turn an extra sprint is, how much a kept card helps), the
 * same for every content. Computed once per tables (cached), never per decision.
 */
import type { Effect } from './content/schema.js';
import { COLORS } from './content/schema.js';
import type { RunTables } from './tables.js';
import { madeOnce } from '../../engine/memo.js';

export interface BotValues {
  /** Mean value of a combo VP token (R7: the token supply's mix). */
  tokenVp: number;
  /** What one turn of racing is worth: places a turn gains times the track's VP per place (R12). */
  turnVp: number;
  /** What a space forward is worth: a turn's worth times the turns a space takes a starter deck. */
  spaceVp: number;
  /** What an acorn is worth: the mean player-board action it buys (R9). */
  acornVp: number;
  /** What drawing one card is worth: a hand's share of a turn. */
  drawVp: number;
  /** What a card kept in hand at the end of a move is worth to the planner. */
  keepVp: number;
  /** What crossing the finish line (taking a results space now) is worth beyond the distance. */
  finishVp: number;
  /** What one combo symbol on a card is worth: a share of the mean reward of one more card in a combo (R5). */
  comboSymbolVp: number;
  /** What a card is worth in a deck, by card number (for buying, paying and discarding). */
  cardValues: Float64Array;
  /** What a bought card must beat: the mean starter card it joins (a new card dilutes the deck). */
  buyBar: number;
  /** What one point of a card's cost weighs against buying it. */
  costVp: number;
  /** Each card's colour as an index into COLORS (green, yellow, red), -1 for an acorn card, by card number. */
  colorIndex: Int8Array;
  /** The starter deck's coloured cards by colour (green, yellow, red): the bots' prior of a deck. */
  starterColors: readonly number[];
  /** The same as shares of the coloured cards. */
  starterShares: readonly number[];
}

/** Places a turn of racing gains or loses against the field (a guess, the same for every content). */
const PLACES_PER_TURN = 1.3;
/** A turn late risks the sunset and the out-of-time tokens (R12) even on a flat track: a floor, in combo tokens. */
const TURN_FLOOR_TOKENS = 0.3;
/** Of the mean reward of one more card in a combo, the share a single combo symbol is worth. */
const SYMBOL_SHARE = 0.35;
/** A card drawn is worth this many times its share of a hand (it is chosen among the hand's cards). */
const DRAW_WEIGHT = 2.5;


/** Turns per space in each zone for a deck split `shares` (R3: higher colours sprint in lower lanes). */
export function stepTurns(T: RunTables, shares: readonly number[]): number[] {
  return COLORS.map((_, z) => 1 / Math.max(0.8, T.handSize * Math.max(...shares.slice(z)) * 0.85));
}

function compute(T: RunTables): BotValues {
  const { race, playerBoard } = T.content;
  const tokens = race.comboTokens.reduce((n, t) => n + t.count, 0);
  const tokenVp = tokens === 0 ? 0 : race.comboTokens.reduce((n, t) => n + t.value * t.count, 0) / tokens;
  const track = race.results;
  const perPlace = track.length > 1 ? (track[0]! - track[track.length - 1]!) / (track.length - 1) : track[0]!;
  const turnVp = PLACES_PER_TURN * perPlace + TURN_FLOOR_TOKENS * tokenVp;
  const starterColors = COLORS.map((c) => T.content.cards.starter.reduce((n, k) => n + (k.color === c ? k.copies : 0), 0));
  const colored = starterColors.reduce((a, b) => a + b, 0);
  const starterShares = starterColors.map((n) => (colored === 0 ? 1 / 3 : n / colored));
  const steps = stepTurns(T, starterShares);
  const spaceVp = turnVp * (steps.reduce((a, b) => a + b, 0) / steps.length);
  const drawVp = (DRAW_WEIGHT * turnVp) / T.handSize;
  const partial = { tokenVp, turnVp, spaceVp, drawVp, acornVp: 0 };
  // An acorn buys one player-board action (R9): the mean of what they do, acorns aside.
  const cells = playerBoard.columns.flatMap((c) => c.cells);
  const acornVp = cells.length === 0 ? 0 : (0.8 * cells.reduce((n, e) => n + effectWorth(partial, e), 0)) / cells.length;
  const units = { ...partial, acornVp };
  const comboWorth = (n: number): number => {
    const r = race.comboRewards[Math.min(n, race.comboRewards.length - 1)]!;
    return n < 2 ? 0 : r.vp * tokenVp + r.acorns * acornVp;
  };
  // The mean reward one more card adds to a combo of 1 to 5 cards.
  const marginal = [1, 2, 3, 4, 5].reduce((n, k) => n + comboWorth(k + 1) - comboWorth(k), 0) / 5;
  const comboSymbolVp = SYMBOL_SHARE * Math.max(0, marginal);
  const cardValue = (i: number): number => {
    const k = T.cards.instances[i]!;
    // R3: a colour sprints in its own zone and every zone below it, so higher colours go further.
    const base = k.color === 'acorn' ? 0.28 * turnVp : turnVp * (0.46 + 0.09 * COLORS.indexOf(k.color));
    return base + comboSymbolVp * k.combo.length + (k.effect ? effectWorth(units, k.effect) : 0);
  };
  const cardValues = Float64Array.from(T.cards.instances, (_, i) => cardValue(i));
  const starters = Array.from({ length: T.cards.starterSize }, (_, i) => cardValues[T.cards.starterBase + i]!);
  const meanStarter = starters.reduce((a, b) => a + b, 0) / Math.max(1, starters.length);
  return {
    ...units,
    keepVp: 0.07 * turnVp,
    finishVp: 1.4 * turnVp,
    comboSymbolVp,
    cardValues,
    buyBar: 1.1 * meanStarter,
    costVp: 0.045 * turnVp,
    colorIndex: Int8Array.from(T.cards.instances, (k) => (k.color === 'acorn' ? -1 : COLORS.indexOf(k.color))),
    starterColors,
    starterShares,
  };
}

/** The VP an effect is worth when a card or an action resolves it, by what it does on this content. */
export function effectWorth(v: Pick<BotValues, 'tokenVp' | 'turnVp' | 'spaceVp' | 'drawVp' | 'acornVp'>, e: Effect): number {
  switch (e.kind) {
    case 'move':
      return e.dir === 'forward' ? v.spaceVp : 0.5 * v.spaceVp;
    case 'sprint-plus':
      return 0.9 * v.spaceVp * (e.spaces - 1);
    case 'extra-sprint':
      return 0.7 * v.turnVp;
    case 'extra-move':
      return 0.75 * v.turnVp;
    case 'draw':
      return v.drawVp * e.cards;
    case 'cycle':
      return v.drawVp * (e.draw - 0.55 * e.discard);
    case 'buying-power':
      return 0.14 * v.turnVp * e.amount;
    case 'trash':
      return 0.18 * v.turnVp;
    case 'gain':
      return 0.55 * v.turnVp;
    case 'big-acorn':
      return 2.6 * v.acornVp;
    case 'small-acorn':
      return 1.8 * v.acornVp;
    case 'oops':
      return 0.5 * v.spaceVp - 0.5 * v.acornVp;
    case 'combo-vp':
      return v.tokenVp * e.tokens;
    case 'acorns':
      return v.acornVp * e.count;
  }
}

/** The bot values of these tables, computed once. */
export const botValuesOf: (T: RunTables) => BotValues = madeOnce(compute);
