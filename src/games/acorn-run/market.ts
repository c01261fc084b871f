/**
 * The market (R10): two rows of three face-up cards over two decks. Buying is `buy` a slot, then
 * `add` cards from hand until the cost not covered by buying power is paid; the slot refills at once.
 */
import type { RunTables } from './tables.js';
import { pushPerKind, SLOTS, type CodeList } from './action-table.js';
import { kindOf, MARKET_ROWS, type MarketRow } from './cards.js';
import { logEvent } from './events.js';
import { addToHand, currentRacer, pushAll, removeCard, type MarketState, type Pending, type State } from './state.js';

type PayPending = Extract<Pending, { kind: 'pay' }>;

/**
 * The market row named `row`, picked by comparison: `state.market[row]` with a row name in a
 * variable is a generic keyed lookup in V8, and buying and paying ask it at most steps of a turn.
 */
export const marketOf = (state: State, row: MarketRow): MarketState => (row === 'cheap' ? state.market.cheap : state.market.expensive);

/** Refills one slot from the top of its deck (empty when the deck ran out). */
export function refill(state: State, row: MarketRow, index: number): void {
  const m = marketOf(state, row);
  m.row[index] = m.deck.shift() ?? null;
}

/** Takes the card of a slot into the current racer's discard pile and refills the slot. */
export function takeFromMarket(state: State, row: MarketRow, index: number): void {
  const card = marketOf(state, row).row[index];
  if (card === null || card === undefined) throw new Error(`market slot ${row} ${index} is empty`);
  currentRacer(state).discard.push(card);
  refill(state, row, index);
}

export function filledSlots(state: State): { row: MarketRow; index: number; card: number }[] {
  const out: { row: MarketRow; index: number; card: number }[] = [];
  for (const row of MARKET_ROWS) {
    const cards = state.market[row].row;
    for (let index = 0; index < cards.length; index++) {
      const card = cards[index]!;
      if (card !== null) out.push({ row, index, card });
    }
  }
  return out;
}

/** The slots the current racer can afford (R10), appended to `out`: cheap row first, slot order. */
export function legalBuys(T: RunTables, state: State, out: CodeList): void {
  // Every legal-action list asks this: the two rows by name (no lookup by a row variable), plain
  // loops over their slots, no intermediate arrays.
  const budget = state.turn.buyingPower + currentRacer(state).hand.length;
  // Codes by row (MARKET_ROWS order: cheap, expensive), then slot.
  affordable(T, state.market.cheap.row, budget, T.codes.buy, out);
  affordable(T, state.market.expensive.row, budget, T.codes.buy + SLOTS, out);
}

function affordable(T: RunTables, slots: readonly (number | null)[], budget: number, firstBuy: number, out: CodeList): void {
  // Costs from the per-card table (cards.ts `costs`): a number per card, no kind object to read.
  const costs = T.cards.costs;
  for (let index = 0; index < slots.length; index++) {
    const card = slots[index]!;
    if (card === null) continue;
    const cost = costs[card];
    if (cost === undefined) throw new Error(`no card number ${card}`);
    if (cost <= budget) out.push(firstBuy + index);
  }
}

export function legalRefreshes(T: RunTables, state: State, out: CodeList): void {
  if (state.turn.refreshes === 0) return;
  for (let i = 0; i < MARKET_ROWS.length; i++) {
    const m = state.market[MARKET_ROWS[i]!];
    if (m.deck.length > 0 || m.row.some((c) => c !== null)) out.push(T.codes.refresh + i);
  }
}

/** Buying power pays first (R10); whatever it does not cover is paid card by card. */
export function startBuy(T: RunTables, state: State, row: MarketRow, index: number): void {
  const card = marketOf(state, row).row[index]!;
  const cost = kindOf(T, card).cost;
  const power = Math.min(state.turn.buyingPower, cost);
  state.turn.buyingPower -= power;
  if (power === cost) {
    logEvent(state.log, { kind: 'buy', racer: state.turn.racer, row, card, paid: [], power, spent: 0 });
    takeFromMarket(state, row, index);
  } else state.turn.pending.push({ kind: 'pay', row, index, cards: [], power });
}

const owed = (T: RunTables, state: State, p: PayPending): number => kindOf(T, marketOf(state, p.row).row[p.index]!).cost - p.power - p.cards.length;

export function legalPay(T: RunTables, state: State, out: CodeList): void {
  pushPerKind(T, currentRacer(state).hand, T.codes.add, out);
  out.push(T.codes.cancel);
}

/** R10: paying is discarding; once paid, the bought card joins the discard pile too. */
export function addToPayment(T: RunTables, state: State, p: PayPending, card: number): void {
  const r = currentRacer(state);
  removeCard(r.hand, card);
  p.cards.push(card);
  if (owed(T, state, p) === 0) {
    state.turn.pending.shift();
    pushAll(r.discard, p.cards);
    const bought = marketOf(state, p.row).row[p.index]!;
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
