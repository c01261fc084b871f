/** Acorn Run setup: racers, decks, markets, the combo tokens and acorns on the board (R2–R8). */
import type { RunTables } from './tables.js';
import { emptyRing } from '../../engine/narration.js';
import { createRng, nextInt } from '../../engine/rng.js';
import { startSpaces } from './board.js';
import { starterCards } from './cards.js';
import { buildDummyDeck } from './dummy/deck.js';
import { dummyRacers, turnOrder } from './dummy/setup.js';
import { allocate, type Arrangement, type Options } from './parse.js';
import { logEvent } from './events.js';
import { startRace } from './turn.js';
import { CELL_EMPTY, drawCards, newTurn, PAWN_COLORS, shuffleInPlace, type Racer, type State } from './state.js';

export function setup(T: RunTables, config: { seats: number; seed: string; options: Options; arrangement?: Arrangement }): State {
  const { seats, options, arrangement: a } = config;
  const rng = createRng(`acorn-run:${config.seed}`);
  const allocated = allocate(T, seats, a);
  if (!allocated.ok) throw new Error(allocated.error.message);
  const al = allocated.value;
  const first = options.firstSeat === 'random' ? nextInt(rng, seats) : options.firstSeat;
  const order = turnOrder(seats, first, options);
  const starts = startSpaces(T, options);
  const racers: Racer[] = [];
  for (let s = 0; s < seats; s++) {
    const deck = al.decks[s] ?? shuffleInPlaceCopy(rng, starterCards(T, s));
    const named = a?.positions?.[s];
    racers.push({
      kind: 'seat',
      seat: s,
      pawn: PAWN_COLORS[s]!,
      // The first racer in turn order starts on the bottom Go! space, the next one above, and so on.
      pos: named ? T.board.byName.get(named)! : starts[order.indexOf(s)]!,
      deck,
      hand: [],
      discard: [],
      acorns: a?.acorns?.[s] ?? 0,
      grid: emptyGrid(T),
      tokens: [],
      place: null,
      out: false,
      finishLane: null,
    });
  }
  racers.push(...dummyRacers(T, seats, options, order, a));
  const cheapDeck = al.cheapTop.concat(shuffleInPlaceCopy(rng, al.cheapRest));
  const expensiveDeck = al.expensiveTop.concat(shuffleInPlaceCopy(rng, al.expensiveRest));
  // R8: dummies count as racers for the numbered acorn spaces.
  const boardAcorns = T.startAcorns[racers.length]!.slice();
  let given = 0;
  for (const r of racers) given += r.acorns;
  // Loops rather than Array.from and map: every playout starts here.
  const seatRacer: number[] = [];
  for (let i = 0; i < seats; i++) seatRacer.push(i);
  const state: State = {
    racers,
    order,
    seatRacer,
    market: {
      cheap: { deck: cheapDeck, row: [] },
      expensive: { deck: expensiveDeck, row: [] },
    },
    box: al.box,
    boardAcorns,
    acornSupply: T.content.race.acorns - T.startAcornCount[racers.length]! - given,
    tokenSupply: al.tokensTop.concat(shuffleInPlaceCopy(rng, al.tokensRest)),
    results: T.content.race.results.map(() => null),
    outOfTimeLeft: T.content.race.outOfTimeTokens,
    firstFinisher: null,
    round: 1,
    roundLimit: options.roundLimit ?? T.content.race.roundLimit,
    turn: newTurn(order[0]!),
    over: false,
    rng,
    dummies: options.dummies > 0 ? buildDummyDeck(T, rng, options.difficulty, (a?.dummyCards ?? []).map((id) => T.dummyCardById.get(id)!)) : null,
    dummyTurn: null,
    log: emptyRing(),
  };
  for (const m of [state.market.cheap, state.market.expensive]) m.row = [0, 1, 2].map(() => m.deck.shift() ?? null);
  for (const r of racers) drawCards(state, r, T.handSize);
  logEvent(state.log, { kind: 'round', round: 1 });
  startRace(T, state);
  return state;
}

/** A player board with every cell empty (R9). */
function emptyGrid(T: RunTables): number[] {
  const grid: number[] = [];
  for (let i = 0; i < T.cells.length; i++) grid.push(CELL_EMPTY);
  return grid;
}

function shuffleInPlaceCopy(rng: State['rng'], items: readonly number[]): number[] {
  const copy = items.slice();
  shuffleInPlace(rng, copy);
  return copy;
}
