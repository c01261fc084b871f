/**
 * Autumn Leaves' random playout on a dense copy of the state: the game contract's `randomPlayout`
 * (engine/game.ts). It plays exactly the game the engine's step-by-step walk plays (playout.ts
 * `stepwisePlayout`: a seat among those to act, then `legal[nextInt(rng, legal.length)]` of
 * rules.ts `legalActions`): the same seat and action drawn from the playout's generator at every
 * step, the same shuffles and tie orders drawn from the state's, the same events logged, and it
 * leaves the same state. test/conformance.ts (`checkRandomPlayout`) and dense-playout.test.ts
 * compare the two walks state for state.
 *
 * Why: a playout is hundreds of steps (millions in a search or a lab run), and each step of the
 * state-based rules pays V8's checks on lists of lists and nullable slots. Here the hot parts —
 * the hands (as rank counts), the leaf piles and their tops, the chosen cards, who has acted, the
 * phase — are typed arrays and small integers for the length of the playout, and go back into the
 * state once at the end (the piles also at each hand's end, for its event). The state's JSON shape
 * is unchanged (saved records hash it). The parts a step rarely touches are kept in the state
 * itself and changed as rules.ts changes them: the draw pile, the discards, the known cards, the
 * scores and the event ring (logging is not what a playout pays for: docs/architecture.md). A new
 * hand starts with rules.ts's own `startDeal` (the shuffle or the arranged order, a clear table).
 */
import { bitCount, nthBit } from '../../engine/bits.js';
import type { Seat } from '../../engine/game.js';
import { ringPush } from '../../engine/narration.js';
import { loadWords, nextIntIn, shuffle, storeWords, type Rng } from '../../engine/rng.js';
import type { LeavesTables } from './content/index.js';
import { bind, keptEvent, LOG_LIMIT, placeEvent, type Bound } from './events.js';
import { removeOne, startDeal } from './rules.js';
import { PHASES, type LogEvent, type State } from './state.js';

/** "No card" and "no seat" in the typed arrays (a state's null). */
const NONE = -1;
/** Phases as small integers: indices into PHASES. */
const CHOOSE = 0;
const PLACE = 1;
const OVER = 2;

/** Plays uniformly random legal actions on `state` to its end or `maxSteps`; returns the steps taken. */
export type RandomPlayout = (state: State, rng: Rng, maxSteps: number) => number;

/** The dense playout of one content (its deck, hand size and events). */
export function createDensePlayout(t: LeavesTables): RandomPlayout {
  const events = bind(t);
  // One dense table per seat count, its arrays reused from playout to playout: each playout loads
  // all of it from its state first, so nothing passes from one to the next. (Made per playout, the
  // typed arrays were 3–4% of a playout's time.) A playout never calls out, so none runs inside another.
  const bySeats: DenseGame[] = [];
  return (state, rng, maxSteps) => (bySeats[state.seats] ??= new DenseGame(state.seats, events)).play(state, rng, maxSteps);
}

/**
 * A dense copy of a state: loaded from it, played, written back into it. Between playouts it
 * keeps the last state it played (one per seat count and content), which the next one replaces.
 */
class DenseGame {
  private readonly seats: number;
  private readonly ranks: number;
  /** counts[seat * ranks + rank]: how many cards of that rank the seat holds. */
  private readonly counts: Uint8Array;
  /** Bit r set when the seat holds a card of rank r: its choose actions (L3), lowest first. */
  private readonly held: Int32Array;
  private readonly handLen: Uint8Array;
  /** pileCards[seat * deckSize + i]: each leaf pile, bottom first, pileLen[seat] cards. */
  private readonly pileCards: Uint8Array;
  private readonly pileLen: Uint16Array;
  private readonly deckSize: number;
  /** The top card of each leaf pile, NONE when it is empty. */
  private readonly top: Int8Array;
  private readonly chosen: Int8Array;
  private readonly acted: Uint8Array;
  private phase = OVER;
  private round = 0;
  private rounds = 0;
  private current = NONE;
  /** The seats still to choose this round (what toAct is in the choose phase). */
  private choosing = 0;
  private tieOrder: number[] | null = null;
  /** The playout's generator's words (engine/rng.ts nextIntIn). */
  private readonly words = new Int32Array(4);
  private state!: State;

  constructor(
    seats: number,
    private readonly events: Bound,
  ) {
    this.seats = seats;
    this.ranks = events.ranks;
    this.counts = new Uint8Array(seats * events.ranks);
    this.held = new Int32Array(seats);
    this.handLen = new Uint8Array(seats);
    this.deckSize = events.t.fullDeck.length;
    this.pileCards = new Uint8Array(seats * this.deckSize);
    this.pileLen = new Uint16Array(seats);
    this.top = new Int8Array(seats);
    this.chosen = new Int8Array(seats);
    this.acted = new Uint8Array(seats);
  }

  /** Plays `state` (of this table's seat count) as engine/playout.ts would: see RandomPlayout. */
  play(state: State, rng: Rng, maxSteps: number): number {
    this.load(state);
    const words = this.words;
    loadWords(rng, words);
    let steps = 0;
    for (; steps < maxSteps && this.phase !== OVER; steps++) {
      if (this.phase === CHOOSE) this.chooseStep(words);
      else this.placeStep(words);
    }
    storeWords(words, rng);
    this.writeBack();
    return steps;
  }

  private load(state: State): void {
    const seats = this.seats;
    this.state = state;
    this.phase = PHASES.indexOf(state.phase);
    this.round = state.round;
    this.rounds = state.rounds;
    this.current = state.current ?? NONE;
    this.tieOrder = state.tieOrder;
    this.loadHands();
    this.choosing = 0;
    for (let seat = 0; seat < seats; seat++) {
      const card = state.chosen[seat] ?? NONE;
      this.chosen[seat] = card;
      if (card === NONE) this.choosing |= 1 << seat;
      this.acted[seat] = state.acted[seat] ? 1 : 0;
      this.top[seat] = NONE;
      this.pileLen[seat] = 0;
      const pile = state.piles[seat]!;
      for (let i = 0; i < pile.length; i++) this.pushOnPile(seat, pile[i]!);
    }
  }

  /** The hands of the state's sorted lists as rank counts. */
  private loadHands(): void {
    const { counts, ranks } = this;
    for (let i = 0; i < counts.length; i++) counts[i] = 0;
    for (let seat = 0; seat < this.seats; seat++) {
      const hand = this.state.handCards[seat]!;
      let held = 0;
      for (let i = 0; i < hand.length; i++) {
        counts[seat * ranks + hand[i]!]++;
        held |= 1 << hand[i]!;
      }
      this.held[seat] = held;
      this.handLen[seat] = hand.length;
    }
  }

  /**
   * A seat still choosing is drawn (toAct is those seats, lowest first), then L3: the k-th rank it
   * holds, lowest first, which is the k-th of its choose actions (legalActions lists a choose
   * action per rank held, by the bits of the rank mask).
   */
  private chooseStep(rng: Int32Array): void {
    const choosing = this.choosing;
    const waiting = bitCount(choosing);
    // playout.ts draws nothing for a list of one.
    const seat = waiting === 1 ? nthBit(choosing, 0) : nthBit(choosing, nextIntIn(rng, waiting));
    const held = this.held[seat]!;
    const card = nthBit(held, nextIntIn(rng, bitCount(held)));
    this.takeFromHand(seat, card);
    this.chosen[seat] = card;
    this.choosing = choosing & ~(1 << seat);
    if (this.choosing === 0) this.reveal();
  }

  /** L6: the seat to place puts its card on the k-th pile it fits (lowest first), or keeps or discards it (keep first, as legalActions lists them). */
  private placeStep(rng: Int32Array): void {
    const seat = this.current;
    const card = this.chosen[seat]!;
    let piles = 0;
    for (let pile = 0; pile < this.seats; pile++) {
      const d = this.top[pile]! - card;
      if (d === 1 || d === -1) piles |= 1 << pile;
    }
    if (piles !== 0) this.place(seat, nthBit(piles, nextIntIn(rng, bitCount(piles))));
    else if (nextIntIn(rng, 2) === 0) this.keep(seat);
    else this.discard(seat);
  }

  private takeFromHand(seat: Seat, card: number): void {
    const at = seat * this.ranks + card;
    if (--this.counts[at]! === 0) this.held[seat] = this.held[seat]! & ~(1 << card);
    this.handLen[seat]--;
  }

  private addToHand(seat: Seat, card: number): void {
    this.counts[seat * this.ranks + card]++;
    this.held[seat] = this.held[seat]! | (1 << card);
    this.handLen[seat]++;
  }

  /** rules.ts takeChosen: the seat to place gives up its chosen card and has acted. */
  private takeChosen(seat: Seat): number {
    const card = this.chosen[seat]!;
    this.chosen[seat] = NONE;
    this.acted[seat] = 1;
    return card;
  }

  private log(event: LogEvent): void {
    ringPush(this.state.log, event, LOG_LIMIT);
  }

  private pushOnPile(pile: Seat, card: number): void {
    this.pileCards[pile * this.deckSize + this.pileLen[pile]!++] = card;
    this.top[pile] = card;
  }

  /**
   * order.ts comparePiles on the dense piles: the top cards down, a lower card first, a card
   * before no card; 0 when identical. (Equal chosen cards are common, so this runs most rounds:
   * comparePiles on two subarrays measured 6% of a playout, for making the views.)
   */
  private comparePiles(a: Seat, b: Seat): number {
    const { pileCards, pileLen, deckSize } = this;
    for (let ia = pileLen[a]! - 1, ib = pileLen[b]! - 1; ia >= 0 || ib >= 0; ia--, ib--) {
      if (ia < 0) return 1; // L5: having a card acts before having none
      if (ib < 0) return -1;
      const d = pileCards[a * deckSize + ia]! - pileCards[b * deckSize + ib]!;
      if (d !== 0) return d;
    }
    return 0;
  }

  /** The dense piles into the state's lists, in place. */
  private writePiles(): void {
    for (let seat = 0; seat < this.seats; seat++) {
      const pile = this.state.piles[seat]!;
      const n = this.pileLen[seat]!;
      for (let i = 0; i < n; i++) pile[i] = this.pileCards[seat * this.deckSize + i]!;
      if (pile.length > n) pile.length = n;
    }
  }

  private place(seat: Seat, pile: Seat): void {
    const card = this.takeChosen(seat);
    this.pushOnPile(pile, card);
    this.log(placeEvent(this.events, seat, card, pile));
    // L8: placing the last card of your hand ends the hand at once.
    if (this.handLen[seat] === 0) this.endHand(seat);
    else this.afterAction();
  }

  private keep(seat: Seat): void {
    const card = this.takeChosen(seat);
    this.addToHand(seat, card);
    this.state.known[seat]!.push(card);
    this.log(keptEvent(this.events, seat, card));
    this.afterAction();
  }

  private discard(seat: Seat): void {
    const card = this.takeChosen(seat);
    const state = this.state;
    state.discard.push(card);
    const drew = state.deck.pop()!;
    this.addToHand(seat, drew);
    this.log({ type: 'discard', seat, card, drew });
    // L8: drawing the last card of the draw pile ends the hand at once.
    if (state.deck.length === 0) this.endHand(NONE);
    else this.afterAction();
  }

  /** rules.ts reveal: the first round's piles (L4), a cold snap (L7) or the placing order (L5). */
  private reveal(): void {
    const { state, seats, chosen, top } = this;
    this.rounds++;
    const cards: number[] = [];
    for (let seat = 0; seat < seats; seat++) {
      const card = chosen[seat]!;
      cards.push(card);
      const known = state.known[seat]!;
      if (known.length > 0) removeOne(known, card);
    }
    if (this.round === 0) {
      // L4: each chosen card starts its owner's leaf pile.
      this.log({ type: 'reveal', cards, coldSnap: false });
      for (let seat = 0; seat < seats; seat++) {
        this.pushOnPile(seat, chosen[seat]!);
        chosen[seat] = NONE;
      }
      this.nextRound();
      return;
    }
    let fitting = 0;
    for (let pile = 0; pile < seats; pile++) if (top[pile] !== NONE) fitting |= (1 << (top[pile]! + 1)) | (1 << (top[pile]! - 1));
    let anyFits = false;
    for (let seat = 0; seat < seats && !anyFits; seat++) anyFits = ((fitting >>> chosen[seat]!) & 1) === 1;
    this.log({ type: 'reveal', cards, coldSnap: !anyFits });
    this.phase = PLACE;
    this.clearActed();
    this.tieOrder = null;
    if (anyFits) {
      this.current = this.nextToPlace();
      return;
    }
    // L7: a cold snap: everyone puts their card on their own pile, in L5's order.
    for (let seat = this.nextToPlace(); seat !== NONE; seat = this.nextToPlace()) {
      this.current = seat;
      const card = this.takeChosen(seat);
      this.pushOnPile(seat, card);
      this.log(placeEvent(this.events, seat, card, seat));
      if (this.handLen[seat] === 0) {
        this.endHand(seat);
        return;
      }
    }
    this.nextRound();
  }

  /** order.ts nextToPlace: the lowest chosen card among those who have not acted; ties by compareSeats. */
  private nextToPlace(): number {
    const { chosen, acted } = this;
    let best = NONE;
    let bestCard = 0;
    for (let seat = 0; seat < this.seats; seat++) {
      const card = chosen[seat]!;
      if (acted[seat] === 1 || card === NONE) continue;
      if (best === NONE || card < bestCard || (card === bestCard && this.compareTied(seat, best) < 0)) {
        best = seat;
        bestCard = card;
      }
    }
    return best;
  }

  /** order.ts compareSeats for two equal cards: the piles top down, then the seed's order (L5), drawn once a round from the state's generator. */
  private compareTied(a: Seat, b: Seat): number {
    const p = this.comparePiles(a, b);
    if (p !== 0) return p;
    if (this.tieOrder === null) {
      const seats: number[] = [];
      for (let seat = 0; seat < this.seats; seat++) seats.push(seat);
      this.tieOrder = shuffle(this.state.rng, seats);
    }
    return this.tieOrder.indexOf(a) - this.tieOrder.indexOf(b);
  }

  private clearActed(): void {
    // A loop, not fill(): on a few seats the builtin's call costs more than the work (perf: 3% of a playout).
    for (let seat = 0; seat < this.seats; seat++) this.acted[seat] = 0;
  }

  private afterAction(): void {
    // L5: the order is worked out again after every placement.
    const next = this.nextToPlace();
    if (next === NONE) this.nextRound();
    else this.current = next;
  }

  private nextRound(): void {
    this.round++;
    this.startRound();
  }

  /** Everyone chooses anew: nobody has acted, no tie order is drawn yet. */
  private startRound(): void {
    this.phase = CHOOSE;
    this.current = NONE;
    this.clearActed();
    this.tieOrder = null;
    this.choosing = (1 << this.seats) - 1;
  }

  /** rules.ts endHand (L8, L9): unplaced cards go back to hand, the hand is scored, the next is dealt. */
  private endHand(emptied: number): void {
    const { state, seats, chosen } = this;
    for (let seat = 0; seat < seats; seat++) {
      const card = chosen[seat]!;
      if (card !== NONE) {
        this.addToHand(seat, card);
        state.known[seat]!.push(card);
        chosen[seat] = NONE;
      }
    }
    // L9, as outcome.ts scoreHand: minus the pile for the seat that emptied its hand; for the
    // others their highest card minus their pile, not below 0.
    const scores: number[] = [];
    for (let seat = 0; seat < seats; seat++) {
      const pile = this.pileLen[seat]!;
      if (seat === emptied) {
        scores.push(-pile);
      } else {
        const held = this.held[seat]!;
        const highest = held !== 0 ? 31 - Math.clz32(held) : 0;
        scores.push(Math.max(0, highest - pile));
      }
    }
    for (let seat = 0; seat < seats; seat++) state.scores[seat]! += scores[seat]!;
    state.handScores.push(scores);
    // The event keeps the state's piles as the hand ended; the next deal gives the state new ones.
    this.writePiles();
    this.log({ type: 'hand-end', hand: state.hand, emptied: emptied === NONE ? null : emptied, scores, piles: state.piles });
    this.current = NONE;
    state.hand++;
    if (state.hand >= state.hands) {
      this.phase = OVER;
      return;
    }
    this.deal();
  }

  /** rules.ts deal (L2), into the dense hands: the state's hand lists are written once, at the end. */
  private deal(): void {
    const { state, seats, counts } = this;
    const deck = startDeal(this.events.t, state);
    for (let i = 0; i < counts.length; i++) counts[i] = 0;
    for (let seat = 0; seat < seats; seat++) {
      this.held[seat] = 0;
      this.handLen[seat] = 0;
    }
    // Popped seat by seat, a card at a time, as rules.ts deals them.
    for (let i = 0; i < this.events.t.handSize; i++) for (let seat = 0; seat < seats; seat++) this.addToHand(seat, deck.pop()!);
    for (let seat = 0; seat < seats; seat++) {
      this.pileLen[seat] = 0;
      this.top[seat] = NONE;
      this.chosen[seat] = NONE;
    }
    this.round = 0;
    this.startRound();
    this.log({ type: 'deal', hand: state.hand });
  }

  /** The dense copy back into the state's own lists and fields. */
  private writeBack(): void {
    const { state, seats, counts, ranks } = this;
    state.phase = PHASES[this.phase]!;
    state.round = this.round;
    state.rounds = this.rounds;
    state.current = this.current === NONE ? null : this.current;
    state.tieOrder = this.tieOrder;
    this.writePiles();
    for (let seat = 0; seat < seats; seat++) {
      const card = this.chosen[seat]!;
      state.chosen[seat] = card === NONE ? null : card;
      state.acted[seat] = this.acted[seat] === 1;
      // The hand stays sorted ascending: the ranks held, lowest first, each as often as held.
      const hand = state.handCards[seat]!;
      let n = 0;
      for (let rank = 0; rank < ranks; rank++) for (let k = counts[seat * ranks + rank]!; k > 0; k--) hand[n++] = rank;
      if (hand.length > n) hand.length = n;
    }
  }
}
