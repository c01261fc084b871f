/** Autumn Leaves rules: whose turn, legal actions, applying them (setup.ts deals, outcome.ts scores). */
import type { Seat } from '../../engine/game.js';
import { pushEvent } from '../../engine/narration.js';
import { shuffle } from '../../engine/rng.js';
import type { LeavesTables } from './content/index.js';
import { nextToPlace } from './order.js';
import { scoreHand } from './outcome.js';
import type { Action, LogEvent, State } from './state.js';

/** Events a state keeps: a round of six seats is at most 13, and clients read every step. */
const LOG_LIMIT = 16;

/**
 * Shared, frozen lists: legal-action and to-act lists are looked up by a bit mask (of ranks held,
 * piles that fit, seats still choosing) instead of being allocated on every call. Playouts and
 * search ask for them millions of times.
 */
const KEEP_OR_DISCARD: readonly Action[] = Object.freeze([{ type: 'keep' }, { type: 'discard' }] as const);
// Filled up front so the caches stay packed arrays rather than sparse dictionaries. The choose
// lists depend on the deck's ranks, so each content has its own (createRules).
const placeLists: (readonly Action[] | undefined)[] = Array.from({ length: 1 << 8 }, () => undefined);
const seatLists: (readonly Seat[] | undefined)[] = Array.from({ length: 1 << 8 }, () => undefined);

function listFor<T>(cache: (readonly T[] | undefined)[], mask: number, make: (bit: number) => T): readonly T[] {
  let list = cache[mask];
  if (!list) {
    const items: T[] = [];
    for (let bit = 0; 1 << bit <= mask; bit++) if (mask & (1 << bit)) items.push(make(bit));
    list = Object.freeze(items);
    cache[mask] = list;
  }
  return list;
}

function log(state: State, event: LogEvent): void {
  pushEvent(state.log, event, LOG_LIMIT);
}

/** The rules of one content: the functions the game hands out, with that content's tables bound. */
export interface LeavesRules {
  deal(state: State): void;
  legalActions(state: State, seat: Seat): readonly Action[];
  apply(state: State, seat: Seat, action: Action): void;
}

/** Lists of choose actions by the mask of ranks held: up to 15 ranks a packed array, beyond that a map. */
type ChooseLists = (mask: number) => readonly Action[];

function chooseListsFor(t: LeavesTables): ChooseLists {
  const make = (card: number): Action => Object.freeze({ type: 'choose', card });
  if (t.maxRank <= 15) {
    const lists: (readonly Action[] | undefined)[] = Array.from({ length: 1 << (t.maxRank + 1) }, () => undefined);
    return (mask) => listFor(lists, mask, make);
  }
  const lists = new Map<number, readonly Action[]>();
  return (mask) => {
    let list = lists.get(mask);
    if (!list) {
      list = listFor([], mask, make);
      lists.set(mask, list);
    }
    return list;
  };
}

export function createRules(t: LeavesTables): LeavesRules {
  const chooseLists = chooseListsFor(t);
  return {
    deal: (state) => deal(t, state),
    legalActions: (state, seat) => legalActions(chooseLists, state, seat),
    apply: (state, seat, action) => apply(t, state, seat, action),
  };
}

/** L2: shuffle all the cards (or take the arranged order), deal a hand each (seven); the rest is the draw pile. */
function deal(t: LeavesTables, state: State): void {
  const arranged = state.arrangement?.deals?.[state.hand];
  // The arranged order is top card first; internally the top of the draw pile is the array's end.
  const deck = arranged ? [...arranged].reverse() : shuffle(state.rng, [...t.fullDeck]);
  state.handCards = [];
  state.piles = [];
  state.known = [];
  for (let seat = 0; seat < state.seats; seat++) {
    state.handCards.push([]);
    state.piles.push([]);
    state.known.push([]);
  }
  // Dealt one card at a time, seat 0 first.
  for (let i = 0; i < t.handSize; i++) {
    for (let seat = 0; seat < state.seats; seat++) state.handCards[seat]!.push(deck.pop()!);
  }
  for (const hand of state.handCards) sortSmall(hand);
  state.deck = deck;
  state.discard = [];
  state.round = 0;
  state.phase = 'choose';
  state.chosen.fill(null);
  state.acted.fill(false);
  state.current = null;
  state.tieOrder = null;
  log(state, { type: 'deal', hand: state.hand });
}

export function fits(card: number, pile: readonly number[]): boolean {
  const top = pile[pile.length - 1];
  return top !== undefined && (top - card === 1 || card - top === 1);
}

export function toAct(state: State): readonly Seat[] {
  switch (state.phase) {
    case 'choose': {
      let mask = 0;
      for (let seat = 0; seat < state.seats; seat++) if (state.chosen[seat] === null) mask |= 1 << seat;
      return listFor(seatLists, mask, (seat) => seat);
    }
    case 'place':
      return listFor(seatLists, 1 << state.current!, (seat) => seat);
    case 'over':
      return [];
  }
}

function legalActions(chooseLists: ChooseLists, state: State, seat: Seat): readonly Action[] {
  switch (state.phase) {
    case 'choose': {
      if (state.chosen[seat] !== null || seat >= state.seats) return [];
      const hand = state.handCards[seat]!;
      let ranks = 0;
      for (let i = 0; i < hand.length; i++) ranks |= 1 << hand[i]!;
      return chooseLists(ranks);
    }
    case 'place': {
      if (seat !== state.current) return [];
      const card = state.chosen[seat]!;
      let piles = 0;
      for (let pile = 0; pile < state.seats; pile++) if (fits(card, state.piles[pile]!)) piles |= 1 << pile;
      return piles !== 0 ? listFor(placeLists, piles, (pile): Action => Object.freeze({ type: 'place', pile })) : KEEP_OR_DISCARD;
    }
    case 'over':
      return [];
  }
}

function removeOne(list: number[], card: number): boolean {
  const i = list.indexOf(card);
  if (i < 0) return false;
  for (let j = i + 1; j < list.length; j++) list[j - 1] = list[j]!;
  list.pop();
  return true;
}

/** Insertion sort: hands are seven cards, where it beats Array.prototype.sort. */
function sortSmall(list: number[]): void {
  for (let i = 1; i < list.length; i++) {
    const x = list[i]!;
    let j = i - 1;
    while (j >= 0 && list[j]! > x) {
      list[j + 1] = list[j]!;
      j--;
    }
    list[j + 1] = x;
  }
}

function insertSorted(hand: number[], card: number): void {
  let i = hand.length;
  while (i > 0 && hand[i - 1]! > card) {
    hand[i] = hand[i - 1]!;
    i--;
  }
  hand[i] = card;
}

function apply(t: LeavesTables, state: State, seat: Seat, action: Action): void {
  switch (action.type) {
    case 'choose': {
      // L3: the chosen card leaves the hand at once and stays hidden until everyone has chosen.
      if (state.phase !== 'choose' || state.chosen[seat] !== null) throw new Error(`seat ${seat} cannot choose now`);
      if (!removeOne(state.handCards[seat]!, action.card)) throw new Error(`seat ${seat} holds no ${action.card}`);
      state.chosen[seat] = action.card;
      if (!state.chosen.includes(null)) reveal(t, state);
      return;
    }
    case 'place': {
      const card = takeChosen(state, seat);
      if (!fits(card, state.piles[action.pile]!)) throw new Error(`${card} does not fit pile ${action.pile}`);
      placeCard(t, state, seat, card, action.pile);
      return;
    }
    case 'keep': {
      const card = takeChosen(state, seat);
      insertSorted(state.handCards[seat]!, card);
      state.known[seat]!.push(card);
      log(state, { type: 'keep', seat, card });
      afterAction(state);
      return;
    }
    case 'discard': {
      const card = takeChosen(state, seat);
      state.discard.push(card);
      const drew = state.deck.pop()!;
      insertSorted(state.handCards[seat]!, drew);
      log(state, { type: 'discard', seat, card, drew });
      // L8: drawing the last card of the draw pile ends the hand at once.
      if (state.deck.length === 0) endHand(t, state, null);
      else afterAction(state);
      return;
    }
  }
}

function takeChosen(state: State, seat: Seat): number {
  if (state.phase !== 'place' || state.current !== seat) throw new Error(`seat ${seat} is not the one to place`);
  const card = state.chosen[seat]!;
  state.chosen[seat] = null;
  state.acted[seat] = true;
  return card;
}

function placeCard(t: LeavesTables, state: State, seat: Seat, card: number, pile: Seat): void {
  state.piles[pile]!.push(card);
  log(state, { type: 'place', seat, card, pile });
  // L8: placing the last card of your hand ends the hand at once.
  if (state.handCards[seat]!.length === 0) endHand(t, state, seat);
  else afterAction(state);
}

/** Everyone has chosen: reveal, then the first round's piles (L4), a cold snap (L7) or placing (L5, L6). */
function reveal(t: LeavesTables, state: State): void {
  state.rounds++;
  const cards = state.chosen as number[];
  for (let seat = 0; seat < state.seats; seat++) {
    // The revealed card is no longer one everyone knows to be in hand.
    removeOne(state.known[seat]!, cards[seat]!);
  }
  if (state.round === 0) {
    // L4: each chosen card starts its owner's leaf pile. Nobody can empty a hand of seven here.
    log(state, { type: 'reveal', cards: [...cards], coldSnap: false });
    for (let seat = 0; seat < state.seats; seat++) state.piles[seat]!.push(cards[seat]!);
    state.chosen.fill(null);
    nextRound(state);
    return;
  }
  let anyFits = false;
  for (let seat = 0; seat < state.seats && !anyFits; seat++) {
    for (let pile = 0; pile < state.seats; pile++) {
      if (fits(cards[seat]!, state.piles[pile]!)) {
        anyFits = true;
        break;
      }
    }
  }
  log(state, { type: 'reveal', cards: [...cards], coldSnap: !anyFits });
  state.phase = 'place';
  state.acted.fill(false);
  state.tieOrder = null;
  if (!anyFits) {
    // L7: a cold snap: everyone puts their card on their own pile, still in L5's order.
    for (;;) {
      const seat = nextToPlace(state);
      if (seat === null) return; // (nextRound ran from afterAction)
      const card = state.chosen[seat]!;
      state.current = seat;
      state.chosen[seat] = null;
      state.acted[seat] = true;
      state.piles[seat]!.push(card);
      log(state, { type: 'place', seat, card, pile: seat });
      if (state.handCards[seat]!.length === 0) {
        endHand(t, state, seat);
        return;
      }
      if (nextToPlace(state) === null) {
        nextRound(state);
        return;
      }
    }
  }
  state.current = nextToPlace(state);
}

function afterAction(state: State): void {
  // L5: the order is worked out again after every placement.
  const next = nextToPlace(state);
  if (next === null) nextRound(state);
  else state.current = next;
}

function nextRound(state: State): void {
  state.round++;
  state.phase = 'choose';
  state.current = null;
  state.acted.fill(false);
  state.tieOrder = null;
}

/** L8 and L9: unplaced cards go back to hand, then the hand is scored. */
function endHand(t: LeavesTables, state: State, emptied: Seat | null): void {
  for (let seat = 0; seat < state.seats; seat++) {
    const card = state.chosen[seat];
    if (card !== null && card !== undefined) {
      insertSorted(state.handCards[seat]!, card);
      state.known[seat]!.push(card);
      state.chosen[seat] = null;
    }
  }
  const scores = scoreHand(state, emptied);
  for (let seat = 0; seat < state.seats; seat++) state.scores[seat]! += scores[seat]!;
  state.handScores.push(scores);
  log(state, { type: 'hand-end', hand: state.hand, emptied, scores, piles: state.piles.map((p) => [...p]) });
  state.current = null;
  state.hand++;
  if (state.hand >= state.hands) {
    state.phase = 'over';
    return;
  }
  deal(t, state);
}
