/** Autumn Leaves rules: whose turn, legal actions, applying them (setup.ts deals, outcome.ts scores). */
import type { Seat } from '../../engine/game.js';
import { emptyObjectList } from '../../engine/lists.js';
import { ringPush } from '../../engine/narration.js';
import { shuffle } from '../../engine/rng.js';
import type { LeavesTables } from './content/index.js';
import { bind, keptEvent, LOG_LIMIT, placeEvent, type Bound } from './events.js';
import { nextToPlace } from './order.js';
import { scoreHand } from './outcome.js';
import type { Action, LogEvent, State } from './state.js';

/**
 * Shared lists: legal-action and to-act lists are looked up by a bit mask (of ranks held, piles
 * that fit, seats still choosing) instead of being allocated on every call. Playouts and search
 * ask for them millions of times. They are typed readonly rather than frozen: reading a frozen
 * array takes a slower path, and these are read on every step.
 */
const KEEP_OR_DISCARD: readonly Action[] = [{ type: 'keep' }, { type: 'discard' }];
const NOBODY: readonly Seat[] = [];
const NOTHING: readonly Action[] = [];

/** The items of the bits set in `mask`, lowest first. */
function listOf<T>(mask: number, make: (bit: number) => T): T[] {
  const items: T[] = [];
  for (let bit = 0; 2 ** bit <= mask; bit++) if (mask & (1 << bit)) items.push(make(bit));
  return items;
}

// Every mask of up to eight seats, made up front so a lookup is one array read. Each action is
// one object shared by every list holding it: a few objects that stay in the cache, rather than
// a copy per list scattered through memory.
const seatLists: readonly (readonly Seat[])[] = Array.from({ length: 1 << 8 }, (_, mask) => listOf(mask, (seat): Seat => seat));
const PLACE: readonly Action[] = Array.from({ length: 8 }, (_, pile): Action => ({ type: 'place', pile }));
const placeLists: readonly (readonly Action[])[] = Array.from({ length: 1 << 8 }, (_, mask) => listOf(mask, (pile) => PLACE[pile]!));

/** Keeps the state's last LOG_LIMIT events (a ring: the newest takes the oldest's place). */
function log(state: State, event: LogEvent): void {
  ringPush(state.log, event, LOG_LIMIT);
}

/** The rules of one content: the functions the game hands out, with that content's tables bound. */
export interface LeavesRules {
  deal(state: State): void;
  legalActions(state: State, seat: Seat): readonly Action[];
  apply(state: State, seat: Seat, action: Action): void;
  /** `apply`, returning who acts next (the engine's step, engine/step.ts). */
  step(state: State, seat: Seat, action: Action): readonly Seat[];
}

/**
 * Lists of choose actions by the mask of ranks held, made the first time a mask is seen: up to
 * 15 ranks in an array filled up front (so it stays a packed array, not a sparse dictionary),
 * beyond that in a map.
 */
type ChooseLists = (mask: number) => readonly Action[];

function chooseListsFor(t: LeavesTables): ChooseLists {
  // One choose action per rank, shared by every list (see PLACE).
  const choose: readonly Action[] = Array.from({ length: t.maxRank + 1 }, (_, card): Action => ({ type: 'choose', card }));
  const chooseItem = (card: number): Action => choose[card]!;
  if (t.maxRank <= 15) {
    const lists: (readonly Action[] | undefined)[] = Array.from({ length: 1 << (t.maxRank + 1) }, () => undefined);
    return (mask) => lists[mask] ?? (lists[mask] = listOf(mask, chooseItem));
  }
  const lists = new Map<number, readonly Action[]>();
  return (mask) => {
    let list = lists.get(mask);
    if (!list) {
      list = listOf(mask, chooseItem);
      lists.set(mask, list);
    }
    return list;
  };
}

export function createRules(t: LeavesTables): LeavesRules {
  const chooseLists = chooseListsFor(t);
  const r = bind(t);
  return {
    deal: (state) => deal(r, state),
    legalActions: (state, seat) => legalActions(chooseLists, state, seat),
    apply: (state, seat, action) => {
      apply(r, state, seat, action);
    },
    step: (state, seat, action) => apply(r, state, seat, action),
  };
}

/**
 * L2: shuffle all the cards (or take the arranged order), deal a hand each (seven); the rest is the
 * draw pile.
 *
 * The hands and the known cards are refilled in place rather than made anew: a state owns these
 * lists (clones and resample copy or replace them, views copy them, and no event holds them), so
 * nothing else sees them change, and a game deals every hand of every playout. The leaf piles are
 * new each hand: the last hand's end event keeps the old ones (endHand).
 */
function deal(r: Bound, state: State): void {
  const deck = startDeal(r.t, state);
  const seats = state.seats;
  const size = r.t.handSize;
  const handCards = state.handCards;
  // Dealt one card at a time from the top of the draw pile (its end), seat 0 first: popped in
  // that order, which also shortens the draw pile without setting its length (a runtime call).
  for (let i = 0; i < size; i++) {
    // Each hand is written from index 0 up (no holes); what was left of a longer hand is cut below.
    for (let seat = 0; seat < seats; seat++) handCards[seat]![i] = deck.pop()!;
  }
  for (let seat = 0; seat < seats; seat++) {
    const hand = handCards[seat]!;
    if (hand.length > size) hand.length = size;
    sortSmall(hand);
  }
  state.round = 0;
  state.phase = 'choose';
  for (let seat = 0; seat < state.seats; seat++) {
    state.chosen[seat] = null;
    state.acted[seat] = false;
  }
  state.current = null;
  state.tieOrder = null;
  log(state, { type: 'deal', hand: state.hand });
}

/**
 * A deal up to the hands (L2), as `deal` and the dense playout (dense-playout.ts) both start one:
 * the hand's draw pile — shuffled with the state's generator, or the arranged order — and a clear
 * table: new leaf piles, no known cards, no discards. Returns the draw pile, top card last.
 */
export function startDeal(t: LeavesTables, state: State): number[] {
  const arranged = state.arrangement?.deals?.[state.hand];
  // The arranged order is top card first; internally the top of the draw pile is the array's end.
  // (A new list of the exact size: the old one was trimmed as it was drawn from, so refilling it
  // would grow it again, and a resampled draw pile is a list of another length.)
  const deck = arranged ? arranged.slice().reverse() : shuffle(state.rng, t.fullDeck.slice());
  state.deck = deck;
  const handCards = state.handCards;
  const known = state.known;
  const piles = emptyObjectList<number[]>();
  for (let seat = 0; seat < state.seats; seat++) {
    // setup starts with no hands and no known lists: the first deal makes them.
    if (seat === handCards.length) handCards.push([]);
    if (seat === known.length) known.push([]);
    piles.push([]);
    const k = known[seat]!;
    if (k.length > 0) k.length = 0;
  }
  state.piles = piles;
  if (state.discard.length > 0) state.discard = [];
  return deck;
}

export function fits(card: number, pile: readonly number[]): boolean {
  const top = pile[pile.length - 1];
  return top !== undefined && (top - card === 1 || card - top === 1);
}

/**
 * L6 for every rank at once: bit r is set when a card of rank r fits on some leaf pile (one rank
 * above or below its top). Ranks go up to 30 (content schema), so r + 1 is at most bit 31. Reveal
 * and the playout policy ask "does this card fit anywhere?" of every card: one mask per position
 * answers each with a bit test instead of a walk over the piles.
 */
export function fitMask(state: State): number {
  let mask = 0;
  for (let pile = 0; pile < state.seats; pile++) {
    const p = state.piles[pile]!;
    if (p.length > 0) {
      const top = p[p.length - 1]!;
      mask |= (1 << (top + 1)) | (1 << (top - 1));
    }
  }
  return mask;
}

/** Whether a card of rank `card` fits somewhere, by `fitMask`. */
export const fitsIn = (mask: number, card: number): boolean => ((mask >>> card) & 1) === 1;

export function toAct(state: State): readonly Seat[] {
  switch (state.phase) {
    case 'choose': {
      let mask = 0;
      for (let seat = 0; seat < state.seats; seat++) if (state.chosen[seat] === null) mask |= 1 << seat;
      return seatLists[mask]!;
    }
    case 'place':
      return seatLists[1 << state.current!]!;
    case 'over':
      return NOBODY;
  }
}

/** Whether `seat` may choose now (L3). */
const mayChoose = (state: State, seat: Seat): boolean => state.chosen[seat] === null && seat < state.seats;

/** The mask of ranks in `hand`: bit r set when it holds a card of rank r (the choose actions, L3). */
function ranksHeld(hand: readonly number[]): number {
  let ranks = 0;
  for (let i = 0; i < hand.length; i++) ranks |= 1 << hand[i]!;
  return ranks;
}

/** The mask of piles `card` fits on (L6): bit p set when it is one rank from pile p's top. */
function fittingPiles(state: State, card: number): number {
  let piles = 0;
  for (let pile = 0; pile < state.seats; pile++) {
    // fits(), written out. Every pile has a card while placing (L4 started them all); an
    // empty one would read undefined, and undefined minus a card is NaN, which fits nothing.
    const p = state.piles[pile]!;
    const top = p[p.length - 1]!;
    if (top - card === 1 || card - top === 1) piles |= 1 << pile;
  }
  return piles;
}

function legalActions(chooseLists: ChooseLists, state: State, seat: Seat): readonly Action[] {
  switch (state.phase) {
    case 'choose':
      return mayChoose(state, seat) ? chooseLists(ranksHeld(state.handCards[seat]!)) : NOTHING;
    case 'place': {
      if (seat !== state.current) return NOTHING;
      const piles = fittingPiles(state, state.chosen[seat]!);
      return piles !== 0 ? placeLists[piles]! : KEEP_OR_DISCARD;
    }
    case 'over':
      return NOTHING;
  }
}

/*
 * The helpers below are loops where a builtin (indexOf, includes, fill, spread) would do: on
 * arrays of a few elements, called on every action of every playout, the builtin's call costs
 * more than the work.
 */

export function removeOne(list: number[], card: number): boolean {
  const n = list.length;
  let i = 0;
  while (i < n && list[i] !== card) i++;
  if (i === n) return false;
  removeAt(list, i);
  return true;
}

/** Removes the element at `i`, moving the ones after it down. */
function removeAt(list: number[], i: number): void {
  const n = list.length;
  for (let j = i + 1; j < n; j++) list[j - 1] = list[j]!;
  list.pop();
}

/** The mask of seats that have not chosen yet (0: everyone has). */
function stillChoosing(state: State): number {
  const chosen = state.chosen;
  let mask = 0;
  for (let seat = 0; seat < state.seats; seat++) if (chosen[seat] === null) mask |= 1 << seat;
  return mask;
}

function clearActed(state: State): void {
  for (let seat = 0; seat < state.seats; seat++) state.acted[seat] = false;
}

/** Insertion sort, ascending, in place (returns the list): hands are a few cards, where it beats Array.prototype.sort. */
export function sortSmall(list: number[]): number[] {
  for (let i = 1; i < list.length; i++) {
    const x = list[i]!;
    let j = i - 1;
    while (j >= 0 && list[j]! > x) {
      list[j + 1] = list[j]!;
      j--;
    }
    list[j + 1] = x;
  }
  return list;
}

function insertSorted(hand: number[], card: number): void {
  let i = hand.length;
  while (i > 0 && hand[i - 1]! > card) {
    hand[i] = hand[i - 1]!;
    i--;
  }
  hand[i] = card;
}

/** Applies `action` and returns who acts next (what `toAct` says of the new state). */
function apply(r: Bound, state: State, seat: Seat, action: Action): readonly Seat[] {
  switch (action.type) {
    case 'choose':
      if (state.phase !== 'choose' || state.chosen[seat] !== null) throw new Error(`seat ${seat} cannot choose now`);
      return chooseCard(r, state, seat, action.card);
    case 'place':
      return placeChosen(r, state, seat, action.pile);
    case 'keep': {
      const card = takeChosen(state, seat);
      insertSorted(state.handCards[seat]!, card);
      state.known[seat]!.push(card);
      log(state, keptEvent(r, seat, card));
      afterAction(state);
      return toAct(state);
    }
    case 'discard': {
      const card = takeChosen(state, seat);
      state.discard.push(card);
      const drew = state.deck.pop()!;
      insertSorted(state.handCards[seat]!, drew);
      log(state, { type: 'discard', seat, card, drew });
      // L8: drawing the last card of the draw pile ends the hand at once.
      if (state.deck.length === 0) endHand(r, state, null);
      else afterAction(state);
      return toAct(state);
    }
  }
}

/** L3: `seat`, which may choose, chooses `card`; returns who acts next. */
function chooseCard(r: Bound, state: State, seat: Seat, card: number): readonly Seat[] {
  // The chosen card leaves the hand at once and stays hidden until everyone has chosen.
  if (!removeOne(state.handCards[seat]!, card)) throw new Error(`seat ${seat} holds no ${card}`);
  return chose(r, state, seat, card);
}

/** L3: `seat` has taken `card` from its hand as its choice; returns who acts next. */
function chose(r: Bound, state: State, seat: Seat, card: number): readonly Seat[] {
  state.chosen[seat] = card;
  // The seats still choosing are who acts next; when there are none, everyone has chosen.
  const choosing = stillChoosing(state);
  if (choosing !== 0) return seatLists[choosing]!;
  reveal(r, state);
  return toAct(state);
}

/** L6: `seat` puts its revealed card on `pile`; returns who acts next. */
function placeChosen(r: Bound, state: State, seat: Seat, pile: Seat): readonly Seat[] {
  const card = takeChosen(state, seat);
  if (!fits(card, state.piles[pile]!)) throw new Error(`${card} does not fit pile ${pile}`);
  placeCard(r, state, seat, card, pile);
  return toAct(state);
}

function takeChosen(state: State, seat: Seat): number {
  if (state.phase !== 'place' || state.current !== seat) throw new Error(`seat ${seat} is not the one to place`);
  const card = state.chosen[seat]!;
  state.chosen[seat] = null;
  state.acted[seat] = true;
  return card;
}

function placeCard(r: Bound, state: State, seat: Seat, card: number, pile: Seat): void {
  state.piles[pile]!.push(card);
  log(state, placeEvent(r, seat, card, pile));
  // L8: placing the last card of your hand ends the hand at once.
  if (state.handCards[seat]!.length === 0) endHand(r, state, seat);
  else afterAction(state);
}

/** Everyone has chosen: reveal, then the first round's piles (L4), a cold snap (L7) or placing (L5, L6). */
function reveal(r: Bound, state: State): void {
  state.rounds++;
  const cards = state.chosen as number[];
  for (let seat = 0; seat < state.seats; seat++) {
    // The revealed card is no longer one everyone knows to be in hand (mostly nothing is known).
    const known = state.known[seat]!;
    if (known.length > 0) removeOne(known, cards[seat]!);
  }
  if (state.round === 0) {
    // L4: each chosen card starts its owner's leaf pile. Nobody can empty a hand of seven here.
    log(state, { type: 'reveal', cards: cards.slice(), coldSnap: false });
    for (let seat = 0; seat < state.seats; seat++) {
      state.piles[seat]!.push(cards[seat]!);
      state.chosen[seat] = null;
    }
    nextRound(state);
    return;
  }
  const fitting = fitMask(state);
  let anyFits = false;
  for (let seat = 0; seat < state.seats && !anyFits; seat++) anyFits = fitsIn(fitting, cards[seat]!);
  log(state, { type: 'reveal', cards: cards.slice(), coldSnap: !anyFits });
  state.phase = 'place';
  clearActed(state);
  state.tieOrder = null;
  if (!anyFits) {
    // L7: a cold snap: everyone puts their card on their own pile, still in L5's order. The next
    // seat is worked out once per placement (the state does not change between asking whether
    // anyone is left and who it is).
    let seat = nextToPlace(state);
    if (seat === null) return; // (nextRound ran from afterAction)
    for (;;) {
      const card = state.chosen[seat]!;
      state.current = seat;
      state.chosen[seat] = null;
      state.acted[seat] = true;
      state.piles[seat]!.push(card);
      log(state, placeEvent(r, seat, card, seat));
      if (state.handCards[seat]!.length === 0) {
        endHand(r, state, seat);
        return;
      }
      seat = nextToPlace(state);
      if (seat === null) {
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
  clearActed(state);
  state.tieOrder = null;
}

/** L8 and L9: unplaced cards go back to hand, then the hand is scored. */
function endHand(r: Bound, state: State, emptied: Seat | null): void {
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
  // The event keeps the piles themselves, not copies: nothing is put on them after the hand ends
  // (deal below gives the next hand new piles; a game over plays no more), so they stay as they
  // ended, which is all an event must do (engine/narration.ts: events are never mutated).
  log(state, { type: 'hand-end', hand: state.hand, emptied, scores, piles: state.piles });
  state.current = null;
  state.hand++;
  if (state.hand >= state.hands) {
    state.phase = 'over';
    return;
  }
  deal(r, state);
}
