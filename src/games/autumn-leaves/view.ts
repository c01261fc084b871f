/** What each seat may know (view) and the worlds consistent with it (resample). */
import type { Seat, Viewer } from '../../engine/game.js';
import { ringLog, ringSlot, type EventLog } from '../../engine/narration.js';
import { forkRng, nextInt, shuffle, type Rng } from '../../engine/rng.js';
import { projectedOrder } from './order.js';
import { sortSmall, toAct } from './rules.js';
import type { LogEvent, Phase, State } from './state.js';
import { cloneForResample } from './clone.js';

/** A public event as a viewer sees it: another seat's drawn card is hidden. */
export type ViewEvent = LogEvent | { type: 'discard'; seat: Seat; card: number; drew: number | null };

export interface View {
  game: 'autumn-leaves';
  viewer: Viewer;
  seats: number;
  /** 0-based hand number and how many hands the game has. */
  hand: number;
  hands: number;
  /** Round within the hand (0 is the first round, L4) and rounds revealed in the whole game. */
  round: number;
  rounds: number;
  phase: Phase;
  /** The viewer's hand, lowest first; null for spectators. */
  myHand: number[] | null;
  /** The viewer's own chosen card while it is hidden or waiting to be placed. */
  myChoice: number | null;
  /** Every leaf pile, bottom first. */
  piles: number[][];
  drawPile: number;
  discard: number[];
  /** Cards in each hand (a chosen card has left the hand, L3). */
  handSizes: number[];
  /** Cards everyone knows to be in each hand: revealed, then taken back. */
  known: number[][];
  /** Who has chosen this round (never what, until everyone has). */
  chosen: boolean[];
  /** While placing: each seat's revealed card still waiting to be placed, or null. */
  revealed: (number | null)[] | null;
  toAct: Seat[];
  /** Who places next, and the order of those still to place as it stands now (L5). */
  current: Seat | null;
  order: Seat[];
  scores: number[];
  handScores: number[][];
  /** The latest public events, numbered from the start of the game (engine/narration.ts). */
  log: EventLog<ViewEvent>;
}

export function view(state: State, viewer: Viewer): View {
  const own = viewer === 'spectator' ? null : viewer;
  const placing = state.phase === 'place';
  return {
    game: 'autumn-leaves',
    viewer,
    seats: state.seats,
    hand: state.hand,
    hands: state.hands,
    round: state.round,
    rounds: state.rounds,
    phase: state.phase,
    myHand: own === null ? null : [...state.handCards[own]!],
    myChoice: own === null ? null : state.chosen[own]!,
    piles: state.piles.map((p) => [...p]),
    drawPile: state.deck.length,
    discard: [...state.discard],
    handSizes: state.handCards.map((h) => h.length),
    known: state.known.map((k) => [...k].sort(ascending)),
    chosen: state.chosen.map((c) => c !== null),
    revealed: placing ? state.chosen.map((c, seat) => (state.acted[seat] ? null : c)) : null,
    toAct: [...toAct(state)],
    current: state.current,
    order: placing ? projectedOrder(state) : [],
    scores: [...state.scores],
    handScores: state.handScores.map((s) => [...s]),
    // Events are never mutated, so the view shares them; only another seat's drawn card is hidden.
    log: ringLog(state.log, (e): ViewEvent => (e.type === 'discard' && e.seat !== own ? { ...e, drew: null } : e)),
  };
}

const ascending = (a: number, b: number): number => a - b;


/**
 * Deals anew everything `seat` cannot see: the other hands (apart from cards known to be in
 * them), their hidden choices, the draw pile order and all future shuffles.
 *
 * Search calls this on every iteration, so the unseen cards are counted by rank rather than
 * copied, searched and sorted; the deal is the same as collecting them and sorting them.
 */
export function resample(state: State, seat: Seat, rng: Rng): State {
  // Shares the original's draw pile, other hands and generator until they are replaced below.
  const s = cloneForResample(state, seat);
  const seats = s.seats;
  // Another seat's chosen card is hidden while everyone is choosing (L3), revealed after.
  const choosing = s.phase === 'choose';
  // count[rank]: unseen cards of that rank, from the draw pile and the other hands (their hidden
  // choices included) less the cards known to be in those hands.
  const count: number[] = [];
  addAll(count, s.deck);
  const unknownCount: number[] = [];
  // The other seat's own cards by rank, less what everyone knows it holds (one list, reused).
  const own: number[] = [];
  for (let o = 0; o < seats; o++) {
    if (o === seat) {
      unknownCount.push(0);
      continue;
    }
    const hand = s.handCards[o]!;
    const hidden = choosing && s.chosen[o] !== null;
    for (let rank = 0; rank < own.length; rank++) own[rank] = 0;
    addAll(own, hand);
    if (hidden) add(own, s.chosen[o]!, 1);
    let unknown = hand.length + (hidden ? 1 : 0);
    const known = s.known[o]!;
    for (let i = 0; i < known.length; i++) {
      const card = known[i]!;
      if (card < own.length && own[card]! > 0) {
        own[card]!--;
        unknown--;
      }
    }
    for (let rank = 0; rank < own.length; rank++) if (own[rank]! > 0) add(count, rank, own[rank]!);
    unknownCount.push(unknown);
  }
  // Sorted first, so the deal depends only on what `seat` can see and on `rng`, never on where
  // the hidden cards really are: a search bot then decides the same on any state it cannot tell apart.
  const pool: number[] = [];
  for (let rank = 0; rank < count.length; rank++) for (let k = count[rank]!; k > 0; k--) pool.push(rank);
  shuffle(rng, pool);
  let next = 0;
  for (let o = 0; o < seats; o++) {
    if (o === seat) continue;
    const combined = s.known[o]!.slice();
    for (let k = unknownCount[o]!; k > 0; k--) combined.push(pool[next++]!);
    if (choosing && s.chosen[o] !== null) {
      const i = nextInt(rng, combined.length);
      s.chosen[o] = combined[i]!;
      // splice(i, 1), written out: splice makes a list of what it removed, garbage on every iteration.
      for (let j = i + 1; j < combined.length; j++) combined[j - 1] = combined[j]!;
      combined.pop();
    }
    s.handCards[o] = sortSmall(combined);
  }
  // What was not dealt is the draw pile: moved down in place rather than sliced into a new list.
  if (next > 0) {
    for (let i = next; i < pool.length; i++) pool[i - next] = pool[i]!;
    // Shortened by pops, not by setting the length (a runtime call that also trims the storage).
    for (let k = 0; k < next; k++) pool.pop();
  }
  s.deck = pool;
  redealDrawnCards(s, seat);
  // Future shuffles, and any arranged future deals, are unseen too.
  s.rng = forkRng(rng);
  s.arrangement = null;
  return s;
}

/*
 * Counting by rank for resample: loops over a plain list, grown with pushes so that it stays a
 * packed list of small integers (search resamples on every iteration).
 */
function add(count: number[], rank: number, by: number): void {
  while (count.length <= rank) count.push(0);
  count[rank]! += by;
}

function addAll(count: number[], cards: readonly number[]): void {
  for (let i = 0; i < cards.length; i++) add(count, cards[i]!, 1);
}

/**
 * The card another seat drew after a discard is hidden from `seat` like its hand: in a world
 * consistent with what `seat` saw it may be any card of that seat's new hand. Picked without the
 * generator (a search bot's draws must not change), so a view that showed it would differ here.
 */
function redealDrawnCards(s: State, seat: Seat): void {
  // i counts the kept events oldest first (the ring's slots are not in that order once it is full).
  const ring = s.log;
  const slots = ring.slots;
  for (let i = 0; i < slots.length; i++) {
    const slot = ringSlot(ring, i);
    const e = slots[slot]!;
    if (e.type !== 'discard' || e.seat === seat) continue;
    const hand = s.handCards[e.seat]!;
    const drew = hand.length > 0 ? hand[i % hand.length]! : (s.deck[i % Math.max(1, s.deck.length)] ?? e.drew);
    if (drew !== e.drew) slots[slot] = { ...e, drew };
  }
}
