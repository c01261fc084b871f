/**
 * What a seat may know (view) and a state consistent with it (resample). Hidden: the other
 * hands and the draw pile's order. Public: everything on the table, hand sizes, the score piles
 * (A9: tree values were seen face up), and the box (claimed-over and discarded cards are face up).
 */
import type { Seat, Viewer } from '../../engine/game.js';
import { copyLog, type EventLog } from '../../engine/narration.js';
import { shuffle, type Rng } from '../../engine/rng.js';
import { COLORS, type Color } from './content/index.js';
import { leaderOf, NOBODY } from './lead.js';
import { ids, isSittingOut, toAct } from './rules.js';
import { roundsPlayed } from './outcome.js';
import type { AcornsTables } from './tables.js';
import { addToHand, cloneState, seatsOfSide, sideCount, type AcornsState, type LogEvent } from './state.js';

export interface GroupView {
  color: Color;
  /** The seat owning the group, or both partners in the partner game. */
  owners: Seat[];
  /** Squirrel cards in the order played. */
  cards: string[];
  total: number;
}

export interface TreeView {
  tree: string;
  acorns: number;
  /** The seat that planted it. */
  owner: Seat;
  groups: GroupView[];
  /** Foxes and the turtle in the order played, with who played each. The last one leads (A6). */
  guards: { card: string; seat: Seat }[];
  /** Who leads it now (A6): one seat, a team's two seats, or nobody ([]). */
  leaders: Seat[];
}

export interface ScorePileView {
  /** The seat (or the team's seats) the pile belongs to. */
  seats: Seat[];
  trees: string[];
  acorns: number;
}

export interface AcornsView {
  viewer: Viewer;
  seats: number;
  partners: boolean;
  /** A12: teams of neighbours, or null in the ordinary game. */
  teams: Seat[][] | null;
  dealer: Seat;
  /** Whose turn it is; null once the game is over. */
  turn: Seat | null;
  /** The table turn under way (1 for the first time round the table). */
  round: number;
  /** The viewer's own hand (sorted); null for a spectator. */
  hand: string[] | null;
  handSizes: number[];
  drawPile: number;
  trees: TreeView[];
  /** One pile per seat, or per team in the partner game. */
  scorePiles: ScorePileView[];
  /** A12: partners sitting out (empty hand, empty draw pile). */
  sittingOut: Seat[];
  /** Cards that left the game, all seen face up. */
  box: string[];
  over: boolean;
  /** Every hand, once the game is over (scoring counts the trees in them). */
  revealedHands: string[][] | null;
  /** The latest public events, oldest first, numbered from the start of the game (engine/narration.ts). */
  log: EventLog<LogEvent>;
}

export function makeView(tables: AcornsTables, state: AcornsState, viewer: Viewer): AcornsView {
  const { acorns } = tables;
  const turn = toAct(state)[0] ?? null;
  return {
    viewer,
    seats: state.seats,
    partners: state.partners,
    teams: state.partners ? Array.from({ length: sideCount(state) }, (_, side) => seatsOfSide(state, side)) : null,
    dealer: state.dealer,
    turn,
    round: state.over ? roundsPlayed(state) : Math.floor((state.turns - 1) / state.seats) + 1,
    hand: viewer === 'spectator' ? null : ids(tables, state.hands[viewer]!),
    handSizes: state.hands.map((h) => h.length),
    drawPile: state.draw.length,
    trees: state.trees.map((t) => {
      const leader = leaderOf(tables, state, t);
      return {
        tree: tables.ids[t.card]!,
        acorns: acorns[t.card]!,
        owner: t.owner,
        groups: t.groups.map((g) => ({ color: COLORS[g.color]!, owners: seatsOfSide(state, g.side), cards: ids(tables, g.cards), total: g.total })),
        guards: t.guards.map((g) => ({ card: tables.ids[g.card]!, seat: g.seat })),
        leaders: leader === NOBODY ? [] : seatsOfSide(state, leader),
      };
    }),
    scorePiles: state.piles.map((p, side) => ({
      seats: seatsOfSide(state, side),
      trees: ids(tables, p),
      acorns: p.reduce((n, c) => n + acorns[c]!, 0),
    })),
    sittingOut: state.over ? [] : state.hands.flatMap((_, seat) => (isSittingOut(state, seat) ? [seat] : [])),
    box: ids(tables, state.box),
    over: state.over,
    revealedHands: state.over ? state.hands.map((h) => ids(tables, h)) : null,
    log: copyLog(state.log),
  };
}

/**
 * A state `seat` cannot tell from the real one: the other hands and the draw pile are dealt anew
 * from the cards it has not seen, keeping every hand size and the draw pile's size.
 */
export function resample(state: AcornsState, seat: Seat, rng: Rng): AcornsState {
  const copy = cloneState(state);
  if (copy.over) return copy;
  const unseen: number[] = copy.draw.slice();
  for (let s = 0; s < copy.seats; s++) if (s !== seat) unseen.push(...copy.hands[s]!);
  // Sorted first, so the deal depends only on what `seat` can see and on `rng`, never on where
  // the hidden cards really are: a search bot then decides the same on any state it cannot tell apart.
  unseen.sort((a, b) => a - b);
  shuffle(rng, unseen);
  let next = 0;
  for (let s = 0; s < copy.seats; s++) {
    if (s === seat) continue;
    const size = copy.hands[s]!.length;
    const hand: number[] = [];
    for (let j = 0; j < size; j++) addToHand(hand, unseen[next++]!);
    copy.hands[s] = hand;
  }
  copy.draw = unseen.slice(next);
  return copy;
}
