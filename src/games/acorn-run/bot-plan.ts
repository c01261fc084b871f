/**
 * Movement planning for the heuristic bot, from its view only. A plan is a list of atomic
 * actions finishing the current move (sprint, climb, descend or jump); plans are scored by where
 * they leave the pawn (an estimated number of turns to the finish), what they earn (combo VP,
 * acorns) and the cards they keep, looking one more move ahead.
 */
import type { RunTables } from './tables.js';
import type { Action } from './actions.js';
import { stepTurns, type BotValues } from './bot-values.js';
import { space } from './board.js';
import { colorOf, kindOf } from './cards.js';
import { COLORS, type Color } from './content/schema.js';
import { comboReward } from './jump.js';
import { sprintColors, sprintValue } from './moves.js';
import { forwardPath } from './pawns.js';
import type { Pending } from './state.js';

// What a turn, a token, an acorn, a kept card and the finish are worth come from the content
// (bot-values.ts, in the plan context), and the race VP expected at the finish from its results
// track (raceAt); these are how long board moves take, in turns.
/** Of a turn's worth, the share a turn always costs (finishing at all scores, R12), beside the race outlook. */
const RACE_WEIGHT = 0.6;
const UP_TURNS = 0.45;
const DOWN_TURNS = 0.35;
const JUMP_TURNS = 0.35;

/** What the planner needs to know about the table. */
export interface PlanContext {
  /** Spaces held by other pawns (jump-offs never block). */
  occupied: readonly number[];
  /** Acorns lying on the board. */
  acornsAt: ReadonlyMap<number, number>;
  /** Estimated turns from each space to the finish for this racer's deck. */
  dist: Float64Array;
  /** What a turn, a token, an acorn, a kept card are worth on this content. */
  v: BotValues;
  /** The race VP expected finishing in this many turns, against the field, on this content's track (R12). */
  raceAt: (turns: number) => number;
}

export interface Sim {
  pos: number;
  hand: number[];
  main: number;
  extra: number;
  vp: number;
  acorns: number;
  taken: number[];
}

export interface Plan {
  actions: Action[];
  value: number;
}

const canEnd = (T: RunTables, ctx: PlanContext, to: number): boolean => {
  const k = space(T, to).kind;
  return k === 'jumpoff' || k === 'finish' || !ctx.occupied.includes(to);
};

const comboCount = (T: RunTables, card: number): number => kindOf(T, card).combo.length;

/** Cards worth least for jumps first: plain cards go into sprints and steps, combo cards stay. */
const byCheapness = (T: RunTables, a: number, b: number): number => comboCount(T, a) - comboCount(T, b) || a - b;

function arrive(ctx: PlanContext, sim: Sim, to: number): void {
  sim.pos = to;
  if ((ctx.acornsAt.get(to) ?? 0) > 0 && !sim.taken.includes(to)) {
    sim.acorns += ctx.acornsAt.get(to)!;
    sim.taken.push(to);
  }
}

/** `s` with `hand` (shared, never written to) and its own list of acorn spaces taken: an object literal, not a spread (planning is most of a playout step). */
const copy = (s: Sim, hand: number[]): Sim => ({ pos: s.pos, hand, main: s.main, extra: s.extra, vp: s.vp, acorns: s.acorns, taken: s.taken.slice() });

export function leafValue(T: RunTables, ctx: PlanContext, s: Sim): number {
  const finished = s.pos === T.board.finish;
  return (
    (finished ? ctx.v.finishVp : -RACE_WEIGHT * ctx.v.turnVp * ctx.dist[s.pos]!) +
    ctx.raceAt(finished ? 0 : ctx.dist[s.pos]!) +
    ctx.v.tokenVp * s.vp + ctx.v.acornVp * s.acorns + ctx.v.keepVp * s.hand.length
  );
}

interface Option {
  actions: Action[];
  sim: Sim;
}

/** Sprints of `color` adding the best remaining cards one by one, from `from` with `already` played. */
function sprintOptions(T: RunTables, ctx: PlanContext, s: Sim, color: Color, from: number, already: number[], prefix: Action[]): Option[] {
  const cards = s.hand
    .filter((c) => colorOf(T, c) === color)
    .sort((a, b) => sprintValue(T, b) - sprintValue(T, a) || Number(isExtra(T, b)) - Number(isExtra(T, a)) || byCheapness(T, a, b));
  const out: Option[] = [];
  const used = [...already];
  const actions = [...prefix];
  const tryDone = (): void => {
    if (used.length === 0) return;
    const path = forwardPath(T, from, used.reduce((n, c) => n + sprintValue(T, c), 0));
    const dest = path[path.length - 1];
    if (dest === undefined || !canEnd(T, ctx, dest)) return;
    const sim = copy(s, s.hand.filter((c) => !used.includes(c)));
    sim.extra += used.filter((c) => isExtra(T, c)).length;
    arrive(ctx, sim, dest);
    out.push({ actions: [...actions, { type: 'done' }], sim });
  };
  tryDone();
  let lastReach = -1;
  for (const card of cards) {
    used.push(card);
    actions.push({ type: 'add', card });
    const reach = forwardPath(T, from, used.reduce((n, c) => n + sprintValue(T, c), 0)).length;
    // More cards past an edge only help through an extra sprint.
    if (reach === lastReach && !isExtra(T, card)) break;
    lastReach = reach;
    tryDone();
  }
  return out;
}

const isExtra = (T: RunTables, card: number): boolean => kindOf(T, card).effect?.kind === 'extra-sprint';

/** Climbs or descents: each step the cheapest fitting card, then any slides along a line (R4). */
function verticalOptions(T: RunTables, ctx: PlanContext, s: Sim, kind: 'climb' | 'descend', steps: number, prefix: Action[]): Option[] {
  const out: Option[] = [];
  const walk = (pos: number, hand: number[], n: number, actions: Action[], slid: boolean): void => {
    if (n > 0 && canEnd(T, ctx, pos)) {
      const sim = copy(s, hand);
      arrive(ctx, sim, pos);
      out.push({ actions: [...actions, { type: 'done' }], sim });
    }
    const sp = space(T, pos);
    if (n > 0 && sp.line !== null) walk(sp.line, hand, n, [...actions, { type: 'slide' }], true);
    if (slid) return; // after sliding, only keep sliding or stop: steps come before slides
    const next = kind === 'climb' ? sp.up : sp.down;
    if (next === null) return;
    const fit = hand.filter((c) => (kind === 'climb' ? colorOf(T, c) === space(T, next).zone : colorOf(T, c) !== null)).sort((a, b) => byCheapness(T, a, b));
    const card = fit[0];
    if (card === undefined) return;
    walk(next, hand.filter((c) => c !== card), n + 1, [...actions, { type: 'add', card }], false);
  };
  walk(s.pos, s.hand, steps, prefix, false);
  return out;
}

/** Jump chains (R5, R6) extending `chain`, each landing where it may. */
function jumpOptions(T: RunTables, ctx: PlanContext, s: Sim, from: number, chain: number[], prefix: Action[]): Option[] {
  const sp = space(T, from);
  const gap = sp.foliage?.cards ?? null;
  const out: Option[] = [];
  const land = (cards: number[], hand: number[], actions: Action[]): void => {
    const targets: number[] = [];
    if (sp.jumpTo) {
      if (cards.length >= 1) targets.push(sp.jumpTo.lower);
      if (cards.length >= 2) targets.push(sp.jumpTo.upper);
    } else if (sp.foliage && cards.length === gap) targets.push(sp.foliage.to);
    for (const to of targets) {
      if (!canEnd(T, ctx, to)) continue;
      const sim = copy(s, hand);
      if (cards.length >= 2) {
        const r = comboReward(T, cards.length);
        sim.vp += r.vp;
        sim.acorns += r.acorns;
      }
      arrive(ctx, sim, to);
      out.push({ actions: [...actions, { type: 'land', to }], sim });
    }
  };
  const extend = (cards: number[], hand: number[], actions: Action[]): void => {
    land(cards, hand, actions);
    if (gap !== null && cards.length >= gap) return;
    const last = cards[cards.length - 1];
    const seen = new Set<string>();
    for (const card of [...hand].sort((a, b) => byCheapness(T, a, b))) {
      const k = kindOf(T, card);
      if (seen.has(k.id)) continue;
      const color = colorOf(T, card);
      const fits =
        last === undefined
          ? gap === null || (color !== null && k.combo.length > 0)
          : color !== null && kindOf(T, last).combo.includes(color);
      if (!fits) continue;
      seen.add(k.id);
      extend([...cards, card], hand.filter((c) => c !== card), [...actions, { type: 'add', card }]);
    }
  };
  extend(chain, s.hand, prefix);
  return out;
}

/** Every move that may start from `s` (R2–R6), as complete action lists. */
export function freshOptions(T: RunTables, ctx: PlanContext, s: Sim): Option[] {
  const sp = space(T, s.pos);
  const out: Option[] = [];
  if ((sp.jumpTo || sp.foliage) && s.hand.length > 0) {
    out.push(...jumpOptions(T, ctx, s, s.pos, [], [{ type: 'jump' }]));
  }
  if (sp.zone === null || sp.kind === 'jumpoff') return out;
  if ((s.main > 0 || s.extra > 0) && sp.forward !== null) {
    // An extra sprint is used before the main move.
    const base = copy(s, s.hand);
    if (s.extra > 0) base.extra--;
    else base.main--;
    for (const color of sprintColors(sp.zone)) {
      if (!s.hand.some((c) => colorOf(T, c) === color)) continue;
      out.push(...sprintOptions(T, ctx, base, color, s.pos, [], [{ type: 'sprint', color }]));
    }
  }
  if (s.main > 0) {
    const base = copy(s, s.hand);
    base.main--;
    out.push(...verticalOptions(T, ctx, base, 'climb', 0, [{ type: 'climb' }]));
    out.push(...verticalOptions(T, ctx, base, 'descend', 0, [{ type: 'descend' }]));
  }
  return out;
}

/** Ways to finish the move in progress. */
export function continuations(T: RunTables, ctx: PlanContext, s: Sim, p: Pending): Option[] {
  switch (p.kind) {
    case 'sprint':
      return sprintOptions(T, ctx, s, p.color, p.from, p.cards, []);
    case 'climb':
    case 'descend':
      return verticalOptions(T, ctx, s, p.kind, p.cards.length, []);
    case 'jump':
      return jumpOptions(T, ctx, s, p.from, p.cards, []);
    default:
      return [];
  }
}

/** The best value reachable from `s` with up to `depth` more moves. */
export function bestValue(T: RunTables, ctx: PlanContext, s: Sim, depth: number): number {
  let best = leafValue(T, ctx, s);
  if (depth === 0 || s.pos === T.board.finish) return best;
  for (const o of freshOptions(T, ctx, s)) best = Math.max(best, bestValue(T, ctx, o.sim, depth - 1));
  return best;
}

/** The best of `options`, looking one move further; null if standing still is better. */
export function choosePlan(T: RunTables, ctx: PlanContext, s: Sim, options: Option[], standStill: boolean): Plan | null {
  let best: Plan | null = null;
  for (const o of options) {
    const value = bestValue(T, ctx, o.sim, 1);
    if (!best || value > best.value) best = { actions: o.actions, value };
  }
  if (standStill && best && best.value <= leafValue(T, ctx, s) + 1e-9) return null;
  return best;
}

/**
 * Estimated turns from every space to the finish, for a deck whose colored cards are split
 * `shares` (green, yellow, red): a lane's step costs the inverse of the cards one expects to
 * sprint with there (R3: higher colors sprint in lower lanes too).
 */
export function distances(T: RunTables, shares: readonly number[]): Float64Array {
  const stepCost = stepTurns(T, shares);
  const n = T.board.spaces.length;
  const dist = new Float64Array(n).fill(Infinity);
  const done = new Uint8Array(n);
  dist[T.board.finish] = 0;
  // Reverse edges: who reaches `to`, and at what cost.
  const into: { from: number; cost: number }[][] = T.board.spaces.map(() => []);
  for (const s of T.board.spaces) {
    const z = s.zone === null ? 0 : COLORS.indexOf(s.zone);
    if (s.forward !== null) into[s.forward]!.push({ from: s.id, cost: stepCost[z]! });
    if (s.up !== null) into[s.up]!.push({ from: s.id, cost: UP_TURNS });
    if (s.down !== null) into[s.down]!.push({ from: s.id, cost: DOWN_TURNS });
    if (s.foliage) into[s.foliage.to]!.push({ from: s.id, cost: 0.2 * s.foliage.cards });
    if (s.jumpTo) {
      into[s.jumpTo.lower]!.push({ from: s.id, cost: JUMP_TURNS });
      into[s.jumpTo.upper]!.push({ from: s.id, cost: JUMP_TURNS });
    }
  }
  for (;;) {
    let u = -1;
    for (let i = 0; i < n; i++) if (!done[i] && dist[i]! < Infinity && (u < 0 || dist[i]! < dist[u]!)) u = i;
    if (u < 0) break;
    done[u] = 1;
    for (const e of into[u]!) if (dist[u]! + e.cost < dist[e.from]!) dist[e.from] = dist[u]! + e.cost;
  }
  return dist;
}
