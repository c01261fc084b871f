/**
 * The Acorns heuristic bot ("easy"), and below it the search knowledge. The bot scores every legal
 * action by how it changes the acorns this seat (or team) can expect to claim at its next claim
 * step, minus what the card spent was worth, and plays the best. It reads only its view and its
 * legal actions.
 *
 * How safe a lead is: a lead by squirrels survives until the next claim step unless an opponent
 * equals or beats it with one more card (up to the deck's strongest squirrel card, 3 in the
 * shipped deck) or plays a fox, so the margin over the best rival group decides it. A fox or
 * turtle played last is safe unless a rival may still hold a fox of a color it has a group of on
 * that tree, or the turtle for its own tree.
 *
 * Content (docs/bots.md): the bots are made from the game's compiled content (tables.ts) and read
 * every number the content sets from it: tree values (from the view, and the cards' acorns), the
 * squirrels each card shows, the strongest card (how far one card reaches), the deck's size and
 * acorns (how much of the game is left, how widely scores spread), the foxes and the turtle.
 * The weights below are the bot's judgement (shares and costs), not copies of content.
 */
import type { Bot } from '../../engine/bot.js';
import type { Seat } from '../../engine/game.js';
import { nextFloat, type Rng } from '../../engine/rng.js';
import { softRankRewards, type SearchKnowledge } from '../../engine/search.js';
import type { AcornsAction } from './actions.js';
import { COLORS, type Color } from './content/index.js';
import { cardOf, type AcornsTables } from './tables.js';
import type { AcornsView, TreeView } from './view.js';
import { leaderOf, NOBODY } from './lead.js';
import { sideScores } from './outcome.js';
import { sideOf, type AcornsState } from './state.js';

/** Tunable weights, named so the lab can try others. */
export const HEURISTIC_WEIGHTS = {
  /** Worth of keeping a card: per squirrel shown, and for a fox or the turtle. */
  squirrelCost: 0.35,
  guardCost: 2.5,
  /** Value of a draw while the draw pile is large. */
  drawValue: 0.6,
  /** Share of its acorns an unsurrounded own tree is expected to bring (A8). */
  unsurrounded: 0.45,
  /** How much an opponent losing a lead is worth to us, per acorn. */
  denial: 0.25,
  /** Share of a tree's acorns a lead is expected to bring: guarded by our fox or turtle, out of
   * reach of one more card, or ahead by 3, 2 or 1 squirrels. */
  guarded: 0.95,
  outOfReach: 0.92,
  margin3: 0.8,
  margin2: 0.72,
  margin1: 0.62,
  /** Lost share when a rival may still hold a fox for its group there, or the turtle for its tree. */
  foxThreat: 0.2,
  turtleThreat: 0.15,
};

export type HeuristicWeights = typeof HEURISTIC_WEIGHTS;
type Weights = HeuristicWeights;

interface Ctx {
  /** The content the game is built from. */
  tables: AcornsTables;
  view: AcornsView;
  /** Our seats: just us, or us and our partner. */
  mine: readonly Seat[];
  /** Foxes and the turtle nobody has seen played or held by us: rivals may hold them. */
  unseenFoxes: Set<Color>;
  turtleUnseen: boolean;
  w: Weights;
}

const isMine = (ctx: Ctx, seats: readonly Seat[]): boolean => seats.some((s) => ctx.mine.includes(s));

/** The share of `tree`'s acorns we expect to claim at our next claim step. */
function claimShare(ctx: Ctx, tree: TreeView): number {
  const last = tree.guards[tree.guards.length - 1];
  const rivalGroups = tree.groups.filter((g) => !isMine(ctx, g.owners));
  const foxThreat = rivalGroups.some((g) => ctx.unseenFoxes.has(g.color));
  const turtleThreat = ctx.turtleUnseen && !ctx.mine.includes(tree.owner);
  if (last) {
    if (!isMine(ctx, tree.leaders)) return 0;
    return ctx.w.guarded - (foxThreat ? ctx.w.foxThreat : 0) - (turtleThreat ? ctx.w.turtleThreat : 0);
  }
  if (tree.groups.length === 0) return ctx.mine.includes(tree.owner) ? ctx.w.unsurrounded : 0;
  if (!isMine(ctx, tree.leaders)) return 0;
  const ours = tree.groups.find((g) => isMine(ctx, g.owners))!.total;
  const best = Math.max(0, ...rivalGroups.map((g) => g.total));
  const margin = ours - best;
  // A rival can tie or pass us with one card of the deck's strongest squirrels (a new color too,
  // if one is free).
  const reach = best + ctx.tables.maxStrength;
  const w = ctx.w;
  let share = ours > reach ? w.outOfReach : margin >= 3 ? w.margin3 : margin === 2 ? w.margin2 : w.margin1;
  if (foxThreat) share -= w.foxThreat;
  if (turtleThreat) share -= w.turtleThreat;
  return Math.max(0, share);
}

/** Whether a rival side leads `tree` now. */
const rivalLeads = (ctx: Ctx, tree: TreeView): boolean => tree.leaders.length > 0 && !isMine(ctx, tree.leaders);

/** The tree as it would look after our action (only what claimShare reads). */
function afterAction(ctx: Ctx, tree: TreeView, action: AcornsAction, seat: Seat): TreeView {
  const groups = tree.groups.map((g) => ({ ...g }));
  const guards = [...tree.guards];
  switch (action.type) {
    case 'squirrel': {
      const card = cardOf(ctx.tables, action.card);
      if (card?.kind !== 'squirrel') return tree;
      const g = groups.find((x) => x.color === card.color);
      if (g) g.total += card.squirrels;
      else groups.push({ color: card.color, owners: [...ctx.mine], cards: [], total: card.squirrels });
      break;
    }
    case 'fox':
    case 'turtle':
      guards.push({ card: action.type === 'fox' ? action.card : 'turtle', seat });
      break;
    default:
      return tree;
  }
  return { ...tree, groups, guards, leaders: leadersOf(ctx, { ...tree, groups, guards }) };
}

/** A6 from a view: the last guard, else the strictly highest group. */
function leadersOf(ctx: Ctx, tree: TreeView): Seat[] {
  const last = tree.guards[tree.guards.length - 1];
  if (last) {
    if (last.card === 'turtle') return ctx.mine.includes(tree.owner) ? [...ctx.mine] : [tree.owner];
    return ctx.mine.includes(last.seat) ? [...ctx.mine] : [last.seat];
  }
  let best = 0;
  let owners: Seat[] = [];
  for (const g of tree.groups) {
    if (g.total > best) {
      best = g.total;
      owners = g.owners;
    } else if (g.total === best) owners = [];
  }
  return owners;
}

function cardCost(ctx: Ctx, id: string): number {
  const card = cardOf(ctx.tables, id)!;
  switch (card.kind) {
    case 'squirrel':
      return ctx.w.squirrelCost * card.squirrels;
    case 'fox':
    case 'turtle':
      return ctx.w.guardCost;
    case 'tree':
      return 0;
  }
}

/** How urgent it is to get trees out of hand before the game ends (A11 counts them against us). */
function endUrgency(view: AcornsView): number {
  if (view.drawPile === 0) return 1;
  return Math.max(0, 1 - view.drawPile / (3 * view.seats));
}

export function scoreAction(ctx: Ctx, seat: Seat, action: AcornsAction): number {
  const { view, w } = ctx;
  switch (action.type) {
    case 'draw':
      return w.drawValue * (1 - endUrgency(view)) + 0.2;
    case 'pass':
      return -100;
    case 'plant': {
      const acorns = cardOf(ctx.tables, action.card);
      const v = acorns?.kind === 'tree' ? acorns.acorns : 0;
      return v * (w.unsurrounded + endUrgency(view));
    }
    case 'discard':
      return -cardCost(ctx, action.card);
    case 'squirrel':
    case 'fox':
    case 'turtle': {
      const tree = view.trees.find((t) => t.tree === action.tree)!;
      const after = afterAction(ctx, tree, action, seat);
      let gain = tree.acorns * (claimShare(ctx, after) - claimShare(ctx, tree));
      if (rivalLeads(ctx, tree) && !rivalLeads(ctx, after)) gain += w.denial * tree.acorns;
      return gain - cardCost(ctx, action.type === 'turtle' ? 'turtle' : action.card);
    }
  }
}

function makeCtx(tables: AcornsTables, view: AcornsView, seat: Seat, w: Weights): Ctx {
  const mine = view.teams?.find((t) => t.includes(seat)) ?? [seat];
  const seen = new Set<string>([...(view.hand ?? []), ...view.box, ...view.trees.flatMap((t) => t.guards.map((g) => g.card))]);
  return {
    tables,
    view,
    mine,
    unseenFoxes: new Set(COLORS.filter((_, i) => !seen.has(tables.ids[tables.foxOf[i]!]!))),
    turtleUnseen: !seen.has(tables.ids[tables.turtle]!),
    w,
  };
}

/** The heuristic's choice among `legal` for `seat` (ties broken by `rng`). */
export function chooseAction(
  tables: AcornsTables,
  view: AcornsView,
  seat: Seat,
  legal: readonly AcornsAction[],
  rng: Rng,
  w: Weights = HEURISTIC_WEIGHTS,
): AcornsAction {
  const ctx = makeCtx(tables, view, seat, w);
  let best = legal[0]!;
  let bestScore = -Infinity;
  for (const action of legal) {
    const score = scoreAction(ctx, seat, action) + nextFloat(rng) * 1e-6;
    if (score > bestScore) {
      bestScore = score;
      best = action;
    }
  }
  return best;
}

/** The heuristic bot of the game built from `tables` (the package's `heuristic`), with its own weights for tuning in the lab. */
export const makeAcornsHeuristic =
  (tables: AcornsTables, w: Weights = HEURISTIC_WEIGHTS): Bot =>
  (input) =>
    chooseAction(tables, input.view as AcornsView, input.seat, input.legal as readonly AcornsAction[], input.rng, w);

/** `legal` ordered best first by the heuristic's score (search bots use it to pick candidates). */
export function rankActions(tables: AcornsTables, view: AcornsView, seat: Seat, legal: readonly AcornsAction[], w: Weights = HEURISTIC_WEIGHTS): AcornsAction[] {
  const ctx = makeCtx(tables, view, seat, w);
  return legal
    .map((action, i) => ({ action, i, score: scoreAction(ctx, seat, action) }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((x) => x.action);
}

// ---------------------------------------------------------------- search knowledge

/**
 * Search knowledge for Acorns. A11 scores claimed acorns minus trees left in hand, so a running
 * game is judged by that score plus the trees in play each side is likely to claim: a tree it
 * leads now (A6, A7) or its own unsurrounded tree (A8). The rest of the game is noise whose
 * spread shrinks as the cards run out (engine/search.ts). Playouts stop when the table's turn ends,
 * where this estimate takes over. Reads a determinized state only.
 */

/**
 * Spread of a seat's final score around the table's mean in heuristic self-play (4 seats): 7.9
 * with the shipped deck's 100 acorns. Scores are acorns, so the spread scales with the acorns the
 * deck holds.
 */
const GAME_SIGMA_PER_100_ACORNS = 7.9;
/**
 * Share of a tree's acorns a lead is worth, by how safe it is (the heuristic bot's figures): led
 * by the last fox or turtle, out of reach of one more card (the deck's strongest squirrel card),
 * or ahead by 3 or more, 2, 1. An own tree nobody has surrounded yet (A8) is worth less.
 */
const W = HEURISTIC_WEIGHTS;
const MARGIN_SHARE = [0, W.margin1, W.margin2, W.margin3];

function leadShare(tables: AcornsTables, tree: AcornsState['trees'][number], leader: number): number {
  if (tree.guards.length > 0) return W.guarded;
  let ours = 0;
  let best = 0;
  for (const g of tree.groups) {
    if (g.side === leader) ours = g.total;
    else if (g.total > best) best = g.total;
  }
  if (ours > best + tables.maxStrength) return W.outOfReach;
  return MARGIN_SHARE[Math.min(3, ours - best)]!;
}

function value(tables: AcornsTables, raw: unknown): number[] {
  const state = raw as AcornsState;
  const bySide = sideScores(tables, state);
  for (const tree of state.trees) {
    const acorns = tables.acorns[tree.card]!;
    const leader = leaderOf(tables, state, tree);
    if (leader !== NOBODY) bySide[leader]! += leadShare(tables, tree, leader) * acorns;
    else if (tree.groups.length === 0) bySide[sideOf(state, tree.owner)]! += W.unsurrounded * acorns;
  }
  let uncommitted = state.draw.length;
  for (const hand of state.hands) uncommitted += hand.length;
  // Cards not yet drawn or played measure how much of the game is left (the whole deck at the start).
  const gameSigma = (GAME_SIGMA_PER_100_ACORNS * tables.totalAcorns) / 100;
  const sigma = gameSigma * Math.sqrt(Math.min(1, uncommitted / tables.cardCount));
  const scores = Array.from({ length: state.seats }, (_, seat) => bySide[sideOf(state, seat)]!);
  return softRankRewards(scores, false, sigma);
}

/** The search knowledge of the game built from `tables` (the package's `knowledge`). */
export const makeAcornsKnowledge = (tables: AcornsTables): SearchKnowledge => ({
  value: (raw) => value(tables, raw),
  // Paired search compares the heuristic's favourite moves, judged from the view.
  rank: (input, legal) => rankActions(tables, input.view as AcornsView, input.seat, legal as readonly AcornsAction[]),
  // Playouts end with the table's turn (measured better than running on until the same seat's
  // next claim step, though within the noise of 40-game samples).
  stage: (raw) => {
    const state = raw as AcornsState;
    return Math.floor(state.turns / state.seats);
  },
});
