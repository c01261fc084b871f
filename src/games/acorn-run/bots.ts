/**
 * The Acorn Run heuristic bot, and below it the search knowledge. The bot reads only its view.
 * Each call it looks at the turn afresh: first card draws, then the best move (bot-plan.ts:
 * sprint, climb, descend or jump, scored by turns saved, combo VP and acorns earned), then free
 * moves and acorn actions that help, then the best card it can afford, and it ends the turn
 * discarding what is left.
 */
import { madeOnce } from '../../engine/memo.js';
import type { RunTables } from './tables.js';
import type { Bot } from '../../engine/bot.js';
import { ringEnd, ringEvent } from '../../engine/narration.js';
import { normalCdf, softRankRewards, type PlayoutPolicy, type SearchKnowledge } from '../../engine/search.js';
import { sameAction, type Action } from './actions.js';
import { space } from './board.js';
import { kindOf, type MarketRow } from './cards.js';
import type { Effect } from './content/schema.js';
import { choosePlan, continuations, distances, freshOptions, type PlanContext, type Sim } from './bot-plan.js';
import { botValuesOf } from './bot-values.js';
import { stepTarget } from './pawns.js';
import type { AcornRunView } from './view.js';
import type { Pending, State } from './state.js';

/** What the heuristic reads of a racer: its own hand, discard pile and board; the others' place on the course. */
interface SeenRacer {
  pos: number | null;
  /** Only the deciding racer's is read. */
  hand: readonly number[] | null;
  discard: readonly number[];
  grid: readonly number[];
  place: number | null;
  out: boolean;
}

/**
 * What the heuristic reads: a seat's view (AcornRunView has every field), or in search playouts
 * the same fields of a state the search dealt itself (`seenOf`), so that no view is built at
 * every playout step. The same data either way, so the same choices.
 */
interface Seen {
  /** The deciding racer's index. */
  me: number | null;
  racers: readonly SeenRacer[];
  market: Record<MarketRow, { row: readonly (number | null)[] }>;
  /** Spaces with acorns on them, in space order. */
  boardAcorns: readonly { space: number; count: number }[];
  results: readonly (number | null)[];
  turn: {
    mainMoves: number;
    extraSprints: number;
    buyingPower: number;
    played: readonly number[];
    dropped: readonly number[];
    pending: readonly Pending[];
  };
}


/** What a card is worth in a deck, roughly in VP, on this content (bot-values.ts): for buying, paying and discarding. */
export const cardValue = (T: RunTables, card: number): number => botValuesOf(T).cardValues[card]!;

/** Spread, in turns, of how long a racer takes per turn it still needs (how far a hand goes). */
const TURN_SIGMA = 0.6;

/** Distance tables (bot-plan.ts) of one content's board: by deck color shares, and a starter deck's. */
interface DistTables {
  /** Keyed by the shares in twentieths, r0·441 + r1·21 + r2. */
  byShares: Map<number, Float64Array>;
  starter?: Float64Array;
  /** The last race outlook made (raceOutlook), for the field it was made for. */
  outlook?: { taken: number; rivals: readonly number[]; at: (d: number) => number };
}
/** The distance tables of these tables' board, filled as the bots meet new deck shares. */
const distTablesOf: (T: RunTables) => DistTables = madeOnce((): DistTables => ({ byShares: new Map() }));

/** Color shares of the cards the bot has seen of its own deck (hand, discard, played). */
function context(T: RunTables, view: Seen, me: SeenRacer): PlanContext {
  // Plain loops, no spreads or string keys: this runs at every heuristic step of every playout.
  const v = botValuesOf(T);
  const counts = [v.starterColors[0]!, v.starterColors[1]!, v.starterColors[2]!]; // the starter deck's split as a prior
  const colorIndex = v.colorIndex;
  const tally = (cards: readonly number[]): void => {
    for (let i = 0; i < cards.length; i++) {
      const color = colorIndex[cards[i]!]!;
      if (color >= 0) counts[color]!++;
    }
  };
  if (me.hand) tally(me.hand);
  tally(me.discard);
  tally(view.turn.played);
  const total = counts[0]! + counts[1]! + counts[2]!;
  const r0 = Math.round((20 * counts[0]!) / total);
  const r1 = Math.round((20 * counts[1]!) / total);
  const r2 = Math.round((20 * counts[2]!) / total);
  const key = r0 * 441 + r1 * 21 + r2;
  const distCache = distTablesOf(T).byShares;
  let dist = distCache.get(key);
  if (!dist) {
    dist = distances(T, [r0 / 20, r1 / 20, r2 / 20]);
    if (distCache.size > 500) distCache.clear();
    distCache.set(key, dist);
  }
  const occupied: number[] = [];
  for (const r of view.racers) if (r !== me && r.pos !== null) occupied.push(r.pos);
  const acornsAt = new Map<number, number>();
  for (const a of view.boardAcorns) if (!view.turn.dropped.includes(a.space)) acornsAt.set(a.space, a.count);
  return { occupied, acornsAt, dist, v, raceAt: raceOutlook(T, view, me) };
}

/**
 * The race VP (R12) the racer can expect finishing `d` turns from now, against the racers still
 * running (their turns to go from a starter deck's distance table) and the results spaces already
 * taken: read off this content's results track at the expected place. A steep track (first place
 * worth much more) makes each turn gained near a rival worth more, so the planner races harder.
 */
function raceOutlook(T: RunTables, view: Seen, me: SeenRacer): (d: number) => number {
  const tables = distTablesOf(T);
  const table = (tables.starter ??= distances(T, botValuesOf(T).starterShares));
  const rivals: number[] = [];
  for (const r of view.racers) if (r !== me && r.place === null && !r.out && r.pos !== null) rivals.push(Math.min(table[r.pos]!, 12));
  let taken = 0;
  for (const x of view.results) if (x !== null) taken++;
  // The field stands still through a racer's turn: its outlook (and the values it has worked
  // out, by distance) serve every step of the turn, and every playout of the same turn.
  const last = tables.outlook;
  if (last !== undefined && last.taken === taken && last.rivals.length === rivals.length && last.rivals.every((o, i) => o === rivals[i])) return last.at;
  const track = T.content.race.results;
  const known = new Map<number, number>();
  const at = (d: number): number => {
    const seen = known.get(d);
    if (seen !== undefined) return seen;
    let place = taken;
    for (const o of rivals) place += normalCdf((d - o) / (TURN_SIGMA * Math.sqrt(d + o + 1)));
    const lo = Math.floor(place);
    const frac = place - lo;
    const vp = (track[lo] ?? 0) * (1 - frac) + (track[lo + 1] ?? 0) * frac;
    known.set(d, vp);
    return vp;
  };
  tables.outlook = { taken, rivals, at };
  return at;
}

function simOf(view: Seen, me: SeenRacer): Sim {
  return { pos: me.pos!, hand: [...(me.hand ?? [])], main: view.turn.mainMoves, extra: view.turn.extraSprints, vp: 0, acorns: 0, taken: [] };
}

function marketCards(view: Seen): { row: MarketRow; index: number; card: number }[] {
  const out: { row: MarketRow; index: number; card: number }[] = [];
  for (const row of ['cheap', 'expensive'] as const) {
    const cards = view.market[row].row;
    for (let index = 0; index < cards.length; index++) {
      const card = cards[index];
      if (card !== null && card !== undefined) out.push({ row, index, card });
    }
  }
  return out;
}

/** The value of resolving an effect now (an acorn action, a column bonus, an acorn card). */
function effectValue(T: RunTables, view: Seen, me: SeenRacer, ctx: PlanContext, e: Effect): number {
  const early = view.turn.mainMoves > 0;
  const v = ctx.v;
  switch (e.kind) {
    case 'move': {
      const to = stepTarget(T, me.pos!, e.dir);
      if (to === null || (space(T, to).kind === 'path' || space(T, to).kind === 'go') && ctx.occupied.includes(to)) return -1;
      return v.turnVp * (ctx.dist[me.pos!]! - ctx.dist[to]!) + (ctx.acornsAt.get(to) ?? 0) * v.acornVp;
    }
    case 'draw':
      return early ? 0.67 * v.drawVp * e.cards : 0.07 * v.turnVp;
    case 'cycle':
      return early ? 0.62 * v.drawVp * Math.max(0, e.draw - 0.55 * e.discard) : 0.05 * v.turnVp;
    case 'buying-power':
      return bestBuy(T, view, me, e.amount) && !bestBuy(T, view, me, 0) ? 0.4 * v.turnVp : 0.05 * v.turnVp;
    case 'trash':
      return [...me.discard, ...(me.hand ?? [])].some((c) => kindOf(T, c).deck === 'starter' && kindOf(T, c).combo.length === 0) ? 0.18 * v.turnVp : 0;
    case 'gain':
      return Math.max(0, ...marketCards(view).map((m) => cardValue(T, m.card))) * 0.5;
    case 'combo-vp':
      return v.tokenVp * e.tokens;
    case 'acorns':
      return v.acornVp * e.count;
    case 'extra-move':
      return early ? 0.14 * v.turnVp : (me.hand?.length ?? 0) >= 2 ? 0.55 * v.turnVp : 0.09 * v.turnVp;
    default:
      return 0;
  }
}

/** The best market card to buy with `extraPower` more buying power, if any is worth it. */
function bestBuy(T: RunTables, view: Seen, me: SeenRacer, extraPower: number): { row: MarketRow; index: number } | null {
  const v = botValuesOf(T);
  const budget = view.turn.buyingPower + extraPower + (me.hand?.length ?? 0);
  let best: { row: MarketRow; index: number } | null = null;
  let bestScore = 0;
  for (const m of marketCards(view)) {
    const cost = kindOf(T, m.card).cost;
    if (cost > budget) continue;
    const score = v.cardValues[m.card]! - v.buyBar - v.costVp * cost;
    if (score > bestScore) {
      bestScore = score;
      best = { row: m.row, index: m.index };
    }
  }
  return best;
}

const lowest = (T: RunTables, cards: readonly number[]): number => [...cards].sort((a, b) => cardValue(T, a) - cardValue(T, b) || a - b)[0]!;

/** The heuristic's choice; `planned` receives the whole move when the choice starts or goes on with one. */
function decide(T: RunTables, view: Seen, legal: readonly Action[], planned?: Planned): Action {
  const me = view.racers[view.me!]!;
  const ctx = context(T, view, me);
  const sim = simOf(view, me);
  const p = view.turn.pending[0];
  const hand = me.hand ?? [];
  if (p) {
    switch (p.kind) {
      case 'sprint':
      case 'climb':
      case 'descend':
      case 'jump': {
        const plan = choosePlan(T, ctx, sim, continuations(T, ctx, sim, p), false);
        if (plan) {
          if (planned) planned.actions = plan.actions;
          return plan.actions[0]!;
        }
        // R8: a move started from a space another pawn holds goes on (never cancel-and-retry forever).
        const from = space(T, p.from).kind;
        const shared = from !== 'jumpoff' && from !== 'finish' && ctx.occupied.includes(p.from);
        return (shared && legal.find((a) => a.type !== 'cancel')) || { type: 'cancel' };
      }
      case 'pay':
      case 'discard':
        return { type: p.kind === 'pay' ? 'add' : 'discard', card: lowest(T, hand) };
      case 'trash': {
        const worst = [...me.discard, ...hand].filter((c) => kindOf(T, c).deck === 'starter' && kindOf(T, c).combo.length === 0);
        return worst.length > 0 ? { type: 'trash', card: Math.min(...worst) } : { type: 'skip' };
      }
      case 'gain': {
        const best = marketCards(view).sort((a, b) => cardValue(T, b.card) - cardValue(T, a.card))[0];
        return best ? { type: 'gain', row: best.row, index: best.index } : { type: 'skip' };
      }
      case 'cleanup':
        return hand.length > 0 ? { type: 'discard', card: hand[0]! } : { type: 'keep' };
    }
  }
  const isLegal = (a: Action): boolean => legal.some((l) => sameAction(l, a));
  const plays = legal.filter((a): a is Extract<Action, { type: 'play' }> => a.type === 'play');
  const nearEnd = ctx.dist[me.pos!]! < 1.2;

  // 1. Draw first: more cards, better moves.
  for (const a of plays) {
    const k = kindOf(T, a.card).effect?.kind;
    if (k === 'draw' || k === 'cycle' || (k === 'extra-move' && hand.length >= 4)) return a;
  }
  // 2. The best move, if it beats standing still (R8: on a space another pawn holds, any move).
  const stuck = !legal.some((a) => a.type === 'end');
  const plan = choosePlan(T, ctx, sim, freshOptions(T, ctx, sim), !stuck);
  if (plan && isLegal(plan.actions[0]!)) {
    if (planned) planned.actions = plan.actions;
    return plan.actions[0]!;
  }
  // 3. Free moves from cards and acorn actions that bring the finish closer; gains and trashes.
  const v = ctx.v;
  let bestPlay: Action | null = null;
  let bestValue = 0.23 * v.turnVp;
  for (const a of legal) {
    let value = -Infinity;
    if (a.type === 'play') {
      const e = kindOf(T, a.card).effect!;
      if (e.kind === 'move' || e.kind === 'gain' || e.kind === 'trash') value = effectValue(T, view, me, ctx, e) - (nearEnd ? 0 : 0.14 * v.turnVp);
      else if ((e.kind === 'big-acorn' || e.kind === 'small-acorn') && a.cell !== undefined) value = effectValue(T, view, me, ctx, T.cells[a.cell]!.effect);
      else if (e.kind === 'oops' && a.dir) value = effectValue(T, view, me, ctx, { kind: 'move', dir: a.dir }) - 0.37 * v.turnVp;
      else if (e.kind === 'buying-power') value = effectValue(T, view, me, ctx, e);
    } else if (a.type === 'spend') {
      value = effectValue(T, view, me, ctx, T.cells[a.cell]!.effect) - (nearEnd ? 0.23 * v.turnVp : 0);
      const column = T.cells[a.cell]!.column;
      const rest = T.columnCells[column]!.filter((i) => i !== a.cell);
      if (rest.every((i) => me.grid[i] !== 0)) value += effectValue(T, view, me, ctx, T.content.playerBoard.columns[column]!.bonus);
    }
    if (value > bestValue) {
      bestValue = value;
      bestPlay = a;
    }
  }
  if (bestPlay) return bestPlay;
  // 4. Buy the best card worth having, unless the race is nearly over.
  if (ctx.dist[me.pos!]! > 2) {
    const buy = bestBuy(T, view, me, 0);
    if (buy) {
      const a: Action = { type: 'buy', row: buy.row, index: buy.index };
      if (isLegal(a)) return a;
    }
  }
  return { type: 'end' };
}

/** The move the heuristic planned (bot-plan.ts), when its choice starts or continues one. */
interface Planned {
  actions: readonly Action[] | null;
}

/** The heuristic's choice among `legal`, from what it sees. */
function choose(T: RunTables, view: Seen, legal: readonly Action[], planned?: Planned): Action {
  const action = decide(T, view, legal, planned);
  // Without `end` (R8: a taken space) and no move worth making, use up the hand rather than
  // start and cancel moves forever: the turn may end there once nothing else is left.
  const spend = (a: Action): boolean => a.type !== 'sprint' && a.type !== 'climb' && a.type !== 'descend' && a.type !== 'jump';
  return (
    legal.find((a) => sameAction(a, action)) ??
    legal.find((a) => a.type === 'end' || a.type === 'cancel' || a.type === 'skip') ??
    legal.find(spend) ??
    legal[0]!
  );
}

/** The heuristic bot of the race built from these tables. */
export const heuristicBotFor = (T: RunTables): Bot<AcornRunView, Action> => ({ view, legal }) => choose(T, view, legal);

/**
 * What `seat`'s view would show the heuristic of a state the search dealt itself, read in place
 * (nothing copied: the heuristic never writes to what it sees). Search playouts only.
 */
function seenOf(state: State, seat: number): Seen {
  const boardAcorns: { space: number; count: number }[] = [];
  for (let space = 0; space < state.boardAcorns.length; space++) {
    const count = state.boardAcorns[space]!;
    if (count > 0) boardAcorns.push({ space, count });
  }
  return { me: state.seatRacer[seat] ?? null, racers: state.racers, market: state.market, boardAcorns, results: state.results, turn: state.turn };
}

/**
 * The heuristic as search playouts run it: its choices read off the dealt state instead of a
 * view built per step, and a move it planned played out step by step as planned, instead of
 * planning again after each card added (the bot proper plans afresh at every step; the plan it
 * follows here is the one it chose when it started the move). Playouts are synchronous, so one
 * memo per knowledge serves them all: it holds the state it was made on and is void elsewhere.
 */
function playoutHeuristic(T: RunTables): PlayoutPolicy {
  let memo: { state: State; racer: number; actions: readonly Action[]; at: number } | null = null;
  const planned: Planned = { actions: null };
  return (raw, seat, legal) => {
    const state = raw as State;
    const list = legal as readonly Action[];
    if (memo !== null && memo.state === state && memo.racer === state.turn.racer && state.turn.pending.length > 0 && memo.at < memo.actions.length) {
      const next = memo.actions[memo.at]!;
      const found = list.find((a) => sameAction(a, next));
      if (found) {
        memo.at++;
        return found;
      }
    }
    memo = null;
    planned.actions = null;
    const action = choose(T, seenOf(state, seat), list, planned);
    // (`choose` filled it in: TypeScript cannot see the write.)
    const plan = planned.actions as readonly Action[] | null;
    if (plan !== null && plan.length > 1 && sameAction(plan[0]!, action)) {
      memo = { state, racer: state.turn.racer, actions: plan, at: 1 };
    }
    return action;
  };
}

// ---------------------------------------------------------------- search knowledge

/**
 * Search knowledge for Acorn Run. R13 scores race VP plus combo VP, so a running race is judged
 * by each seat's combo VP so far, its acorns, and the race VP it can expect: placed racers keep
 * their place (R12), running ones are placed by their estimated turns to the Great Oak (the
 * heuristic bot's distance table for a starter deck's colors). The rest of the race is noise
 * shrinking with the rounds left (engine/search.ts). Reads a determinized state only.
 */

/** Spread of a seat's VP per round still to play, in turns of racing (a guess). */
const ROUND_SIGMA_TURNS = 0.9;

/**
 * Each racer's race VP, by racer index: a placed racer's from its place (R12), an out racer's 0,
 * and a running racer's expected VP. A running racer finishes ahead of another running one with
 * a probability that grows with its lead in estimated turns to the Great Oak, so a step forward
 * always counts a little, not only when it passes someone. Also returns the most turns any
 * running racer still needs.
 */
function raceVp(T: RunTables, state: State, table: Float64Array): { vp: number[]; longest: number } {
  const results = T.content.race.results;
  const taken = state.results.filter((x) => x !== null).length;
  const running: { i: number; d: number }[] = [];
  const vp = state.racers.map((r, i) => {
    if (r.place !== null) return results[r.place] ?? 0;
    if (!r.out) {
      const d = r.pos === null ? Infinity : table[r.pos]!;
      running.push({ i, d: Number.isFinite(d) ? d : 12 });
    }
    return 0;
  });
  let longest = 0;
  for (const a of running) {
    longest = Math.max(longest, a.d);
    // Expected number of running racers ahead of a, then the VP at that (fractional) place.
    let ahead = 0;
    for (const b of running) {
      if (b !== a) ahead += normalCdf((a.d - b.d) / (TURN_SIGMA * Math.sqrt(a.d + b.d + 1)));
    }
    const place = taken + ahead;
    const lo = Math.floor(place);
    const frac = place - lo;
    vp[a.i] = (results[lo] ?? 0) * (1 - frac) + (results[lo + 1] ?? 0) * frac;
  }
  return { vp, longest };
}

function value(T: RunTables, raw: unknown): number[] {
  const state = raw as State;
  const { vp, longest } = raceVp(T, state, (distTablesOf(T).starter ??= distances(T, botValuesOf(T).starterShares)));
  const v = botValuesOf(T);
  const scores = state.seatRacer.map((i) => {
    const r = state.racers[i]!;
    return r.out ? 0 : r.tokens.length * v.tokenVp + vp[i]! + v.acornVp * r.acorns;
  });
  const left = Math.min(Math.max(0, state.roundLimit - state.round), Math.ceil(longest));
  return softRankRewards(scores, false, ROUND_SIGMA_TURNS * v.turnVp * Math.sqrt(left));
}

/**
 * Whether a playout of `seat`'s turn from `world` to `end` revealed nothing its moves or its score
 * could depend on, read from the public log of what happened in between. Hidden from the seat
 * (view.ts): its deck order, the market decks, the other racers' hands and tokens. Its turn reads
 * its deck only through cards drawn before the turn is over (the draw up to the hand size that
 * ends it, R11, comes after its last choice) and the market decks only through a refilled or
 * refreshed row; the evaluator reads neither hands nor token values. Anything else, or a log that
 * lost events in between, counts as revealing.
 */
function revealedNothing(world: State, end: State, seat: number): boolean {
  const me = world.seatRacer[seat];
  const kept = end.log.slots.length;
  const fresh = ringEnd(end.log) - ringEnd(world.log);
  if (me === undefined || fresh < 0 || fresh > kept) return false;
  const over = end.turn.racer !== me || end.over;
  let draws = 0;
  for (let i = kept - fresh; i < kept; i++) {
    const e = ringEvent(end.log, i);
    if (e.kind === 'buy' || e.kind === 'gain' || e.kind === 'refresh') return false;
    if (e.kind === 'draw' && e.racer === me) draws++;
  }
  // The turn's last draw is the one that ends it.
  return draws === 0 || (draws === 1 && over && lastDrawEndsTurn(end, me, fresh));
}

/** Whether `racer`'s last draw among the last `fresh` events comes after all its other events. */
function lastDrawEndsTurn(end: State, racer: number, fresh: number): boolean {
  const kept = end.log.slots.length;
  for (let i = kept - 1; i >= kept - fresh; i--) {
    const e = ringEvent(end.log, i);
    if (e.kind === 'draw' && e.racer === racer) return true;
    if ('racer' in e && e.racer === racer) return false;
  }
  return false;
}

/** The search knowledge of the race built from these tables. */
export const knowledgeFor = (T: RunTables): SearchKnowledge => ({
  value: (raw) => value(T, raw),
  // Most turns end without a card drawn or a market card revealed: a candidate that scores the same
  // on two worlds is taken as exact (the evaluator counts combo tokens at their mean, R7, as their
  // values are hidden).
  settleAfter: 2,
  sameInEveryWorld: (world, end, seat) => revealedNothing(world as State, end as State, seat),
  // A candidate 0.02 behind the best on the first world (a fiftieth of the way from last place
  // to first) was the search's final choice once in 458 decisions of two four-hard games.
  pruneBelow: 0.02,
  heuristic: playoutHeuristic(T),
  stage: (raw) => (raw as State).round,
  // `cancel` only undoes a half-made move or purchase: taking it could repeat for ever.
  skip: (action) => action.type === 'cancel',
  // Inside a sprint, climb, jump or payment the heuristic's planner finishes what it started;
  // search chooses what to start (which move, card, acorn action or purchase, or ending the turn).
  defer: (input) => (input.view as AcornRunView).turn.pending.length > 0,
});
