/**
 * The market (R10): two rows of three face-up cards over two decks. Buying is `buy` a slot, then
 * `add` cards from hand until the cost not covered by buying power is paid; the slot refills at once.
 */
import type { RunTables } from './tables.js';
import type { Action } from './actions.js';
import { distinctKinds, kindOf, MARKET_ROWS, type MarketRow } from './cards.js';
import { logEvent } from './events.js';
import { addToHand, currentRacer, removeCard, type Pending, type State } from './state.js';

type PayPending = Extract<Pending, { kind: 'pay' }>;

/** Refills one slot from the top of its deck (empty when the deck ran out). */
export function refill(state: State, row: MarketRow, index: number): void {
  state.market[row].row[index] = state.market[row].deck.shift() ?? null;
}

/** Takes the card of a slot into the current racer's discard pile and refills the slot. */
export function takeFromMarket(state: State, row: MarketRow, index: number): void {
  const card = state.market[row].row[index];
  if (card === null || card === undefined) throw new Error(`market slot ${row} ${index} is empty`);
  currentRacer(state).discard.push(card);
  refill(state, row, index);
}

export function filledSlots(state: State): { row: MarketRow; index: number; card: number }[] {
  return MARKET_ROWS.flatMap((row) =>
    state.market[row].row.flatMap((card, index) => (card === null ? [] : [{ row, index, card }])),
  );
}

export function legalBuys(T: RunTables, state: State): Action[] {
  const r = currentRacer(state);
  const budget = state.turn.buyingPower + r.hand.length;
  return filledSlots(state)
    .filter((s) => kindOf(T, s.card).cost <= budget)
    .map(({ row, index }) => ({ type: 'buy', row, index }));
}

export function legalRefreshes(state: State): Action[] {
  if (state.turn.refreshes === 0) return [];
  return MARKET_ROWS.filter((row) => state.market[row].deck.length > 0 || state.market[row].row.some((c) => c !== null)).map(
    (row) => ({ type: 'refresh', row }),
  );
}

/** Buying power pays first (R10); whatever it does not cover is paid card by card. */
export function startBuy(T: RunTables, state: State, row: MarketRow, index: number): void {
  const card = state.market[row].row[index]!;
  const cost = kindOf(T, card).cost;
  const power = Math.min(state.turn.buyingPower, cost);
  state.turn.buyingPower -= power;
  if (power === cost) {
    logEvent(state.log, { kind: 'buy', racer: state.turn.racer, row, card, paid: [], power, spent: 0 });
    takeFromMarket(state, row, index);
  } else state.turn.pending.push({ kind: 'pay', row, index, cards: [], power });
}

const owed = (T: RunTables, state: State, p: PayPending): number => kindOf(T, state.market[p.row].row[p.index]!).cost - p.power - p.cards.length;

export function legalPay(T: RunTables, state: State): Action[] {
  const out: Action[] = distinctKinds(T, currentRacer(state).hand).map((card) => ({ type: 'add', card }));
  out.push({ type: 'cancel' });
  return out;
}

/** R10: paying is discarding; once paid, the bought card joins the discard pile too. */
export function addToPayment(T: RunTables, state: State, p: PayPending, card: number): void {
  const r = currentRacer(state);
  removeCard(r.hand, card);
  p.cards.push(card);
  if (owed(T, state, p) === 0) {
    state.turn.pending.shift();
    r.discard.push(...p.cards);
    const bought = state.market[p.row].row[p.index]!;
    logEvent(state.log, { kind: 'buy', racer: state.turn.racer, row: p.row, card: bought, paid: p.cards, power: p.power, spent: 0 });
    takeFromMarket(state, p.row, p.index);
  }
}

export function cancelPayment(state: State, p: PayPending): void {
  state.turn.pending.shift();
  addToHand(currentRacer(state), p.cards);
  state.turn.buyingPower += p.power;
}

/** The row's three cards go to the box and three fresh ones are laid out. */
export function refreshRow(state: State, row: MarketRow): void {
  state.turn.refreshes--;
  const m = state.market[row];
  logEvent(state.log, { kind: 'refresh', racer: state.turn.racer, row, boxed: m.row.filter((c): c is number => c !== null) });
  m.row.forEach((card, index) => {
    if (card !== null) state.box.push(card);
    refill(state, row, index);
  });
}

export const costOf = (T: RunTables, card: number): number => kindOf(T, card).cost;
