/**
 * What a seat may know, and dealing everything else anew (resample). Hidden: other racers'
 * hands, every deck order (personal decks, market decks, the combo-token supply), the values of
 * other racers' combo VP tokens until the race is over (R7), and the PRNG.
 */
import type { RunTables } from './tables.js';
import type { Viewer } from '../../engine/game.js';
import { ringLog, ringSlot, type EventLog } from '../../engine/narration.js';
import { forkRng, type Rng } from '../../engine/rng.js';
import type { MarketRow } from './cards.js';
import type { Color } from './content/schema.js';
import { raceVp } from './outcome.js';
import { cloneState } from './clone.js';
import { dummyView, type DummyView } from './dummy/view.js';
import type { RunEvent } from './events.js';
import { resampleDummyDeck } from './dummy/deck.js';
import { shuffleInPlace, type PawnColor, type Pending, type RacerKind, type State } from './state.js';

export interface RacerView {
  racer: number;
  kind: RacerKind;
  seat: number;
  pawn: PawnColor;
  pos: number | null;
  /** The viewer's own hand (sorted); null for everyone else. */
  hand: number[] | null;
  handCount: number;
  deckCount: number;
  /** Face up, newest last. */
  discard: number[];
  acorns: number;
  grid: number[];
  tokenCount: number;
  /** Token values: only the holder's own, or everyone's once the race is over (R7). */
  tokens: number[] | null;
  place: number | null;
  raceVp: number;
  out: boolean;
  finishLane: Color | null;
}

export interface AcornRunView {
  viewer: Viewer;
  /** The viewer's racer, if the viewer races. */
  me: number | null;
  round: number;
  over: boolean;
  racers: RacerView[];
  order: number[];
  market: Record<MarketRow, { row: (number | null)[]; deckCount: number }>;
  box: number[];
  /** Spaces with acorns on them. */
  boardAcorns: { space: number; count: number }[];
  acornSupply: number;
  tokenSupply: number;
  results: (number | null)[];
  outOfTimeLeft: number;
  firstFinisher: number | null;
  turn: {
    racer: number;
    mainMoves: number;
    extraSprints: number;
    buyingPower: number;
    refreshes: number;
    played: number[];
    dropped: number[];
    /** Cards in a move being built are on the table, face up: all of it is public. */
    pending: Pending[];
  };
  /** R14, R15: the dummy deck's size and drawn cards, and the last dummy card; null without dummies. */
  dummies: DummyView | null;
  /** The latest public events, numbered from the start of the race (events.ts, engine/narration.ts). */
  log: EventLog<RunEvent>;
}

/**
 * Spaces with acorns, in space order. A plain loop: search bots build a view at every heuristic
 * step, and a flatMap over every board space was most of a view's cost (issue 23).
 */
function acornsOnBoard(boardAcorns: readonly number[]): { space: number; count: number }[] {
  const out: { space: number; count: number }[] = [];
  for (let space = 0; space < boardAcorns.length; space++) {
    const count = boardAcorns[space]!;
    if (count > 0) out.push({ space, count });
  }
  return out;
}

/** The public log as `me` sees it: other racers' drawn cards hidden (the events themselves are shared, never mutated). */
function visibleLog(log: State['log'], me: number | null): AcornRunView['log'] {
  return ringLog(log, (e) => (e.kind === 'draw' && e.racer !== me && e.cards !== null ? { ...e, cards: null } : e));
}

/** A sorted copy of `cards` (ascending numbers), sorting only when they are out of order. */
function sortedCopy(cards: readonly number[]): number[] {
  const out = cards.slice();
  for (let i = 1; i < out.length; i++) if (out[i - 1]! > out[i]!) return out.sort((a, b) => a - b);
  return out;
}

export function makeView(T: RunTables, state: State, viewer: Viewer): AcornRunView {
  const me = viewer === 'spectator' ? null : (state.seatRacer[viewer] ?? null);
  // slice() rather than spreads, and no sort for what is in order already: a search bot builds a
  // view at every step of every playout (issue 23).
  return {
    viewer,
    me,
    round: state.round,
    over: state.over,
    racers: state.racers.map((r, i) => ({
      racer: i,
      kind: r.kind,
      seat: r.seat,
      pawn: r.pawn,
      pos: r.pos,
      hand: i === me ? r.hand.slice() : null,
      handCount: r.hand.length,
      deckCount: r.deck.length,
      discard: r.discard.slice(),
      acorns: r.acorns,
      grid: r.grid.slice(),
      tokenCount: r.tokens.length,
      tokens: i === me || state.over ? sortedCopy(r.tokens) : null,
      place: r.place,
      raceVp: raceVp(T, state, i),
      out: r.out,
      finishLane: r.finishLane,
    })),
    order: state.order.slice(),
    market: {
      cheap: { row: state.market.cheap.row.slice(), deckCount: state.market.cheap.deck.length },
      expensive: { row: state.market.expensive.row.slice(), deckCount: state.market.expensive.deck.length },
    },
    box: sortedCopy(state.box),
    boardAcorns: acornsOnBoard(state.boardAcorns),
    acornSupply: state.acornSupply,
    tokenSupply: state.tokenSupply.length,
    results: state.results.slice(),
    outOfTimeLeft: state.outOfTimeLeft,
    firstFinisher: state.firstFinisher,
    turn: {
      racer: state.turn.racer,
      mainMoves: state.turn.mainMoves,
      extraSprints: state.turn.extraSprints,
      buyingPower: state.turn.buyingPower,
      refreshes: state.turn.refreshes,
      played: state.turn.played.slice(),
      dropped: state.turn.dropped.slice(),
      pending: state.turn.pending.map((p) => ('cards' in p ? { ...p, cards: p.cards.slice() } : { ...p })),
    },
    dummies: dummyView(T, state),
    log: visibleLog(state.log, me),
  };
}

/**
 * A state `seat` cannot tell from this one: its own deck reshuffled; each other racer's hand and
 * deck dealt anew from their union (same sizes); market decks reshuffled; the combo tokens it
 * cannot see (supply and other racers', until the end) dealt anew; a fresh PRNG for the future.
 */
export function resample(T: RunTables, state: State, seat: number, rng: Rng): State {
  const s = cloneState(state);
  const me = s.seatRacer[seat];
  s.racers.forEach((r, i) => {
    if (i === me) {
      shuffleInPlace(rng, r.deck);
      return;
    }
    const pool = r.hand.concat(r.deck);
    shuffleInPlace(rng, pool);
    r.hand = pool.slice(0, r.hand.length).sort((a, b) => a - b);
    r.deck = pool.slice(r.hand.length);
  });
  shuffleInPlace(rng, s.market.cheap.deck);
  shuffleInPlace(rng, s.market.expensive.deck);
  if (!s.over) {
    const others = s.racers.filter((_, i) => i !== me);
    const pool = s.tokenSupply.slice();
    for (const r of others) for (const t of r.tokens) pool.push(t);
    shuffleInPlace(rng, pool);
    s.tokenSupply = pool.splice(0, s.tokenSupply.length);
    for (const r of others) r.tokens = pool.splice(0, r.tokens.length);
  }
  if (s.dummies) resampleDummyDeck(T, rng, s.dummies);
  s.rng = forkRng(rng);
  redealDrawnCards(s, me);
  return s;
}

/**
 * The cards another racer drew are hidden like its hand: in a world consistent with what `seat`
 * saw they may be any of that racer's unseen cards. Taken from its new hand and deck without the
 * generator (a search bot's draws must not change), so a view that showed them would differ here.
 */
function redealDrawnCards(s: State, me: number | undefined): void {
  // i counts the kept events oldest first (the ring's slots are not in that order once it is full).
  const slots = s.log.slots;
  for (let i = 0; i < slots.length; i++) {
    const slot = ringSlot(s.log, i);
    const e = slots[slot]!;
    if (e.kind !== 'draw' || e.racer === me || e.cards === null || e.cards.length === 0) continue;
    const r = s.racers[e.racer]!;
    const size = r.hand.length + r.deck.length;
    if (size === 0) continue;
    const pick = (k: number): number => (k < r.hand.length ? r.hand[k]! : r.deck[k - r.hand.length]!);
    slots[slot] = { ...e, cards: e.cards.map((_, k) => pick((i + k) % size)) };
  }
}
