/**
 * Acorn Run's lab probe (package facet `lab`, used by `drey lab`): what each seat's racer did in
 * one race, read from the public events (events.ts) as the lab replays the record step by step.
 * Pure: no I/O; it only reads the states it is handed.
 *
 * Per seat: the start lane (R1, R16), race and combo VP (R12, R13), per market card the rounds it
 * was bought or gained in (R10), whether it was offered (a legal `buy` of it), and how its copies
 * were used (in a sprint R3, a climb or descent R4, a jump's combo R5–R7, or for their effect);
 * per lane and per tree the rounds spent there. A race that reached sunset is flagged.
 */
import type { RunTables } from './tables.js';
import type { CardFacts, CurveParticipant, GameFacts, LabProbe, LabWatcher, RoundCurves, SeatFacts } from '../package.js';
import { ringEnd, ringSince } from '../../engine/narration.js';
import type { Action } from './actions.js';
import { LANE_CODES, space } from './board.js';
import { kindOf } from './cards.js';
import type { RunEvent } from './events.js';
import { raceVp } from './outcome.js';
import { DUMMY_NAMES, type DummyColor } from './content/dummy-schema.js';
import type { State } from './state.js';

const placesOf = (T: RunTables, pos: number | null): string[] => {
  if (pos === null) return [];
  const s = space(T, pos);
  const lane = s.lane === null ? [] : [`lane ${LANE_CODES[s.lane]!}`];
  return [...lane, `tree ${T.board.trees[s.tree]!.name}`];
};

class Watcher implements LabWatcher<State, Action> {
  private next: number;
  private readonly seats: SeatFacts[];
  private sunset = false;
  /** Combo jumps (two cards or more, R5) per seat. */
  private readonly combos: number[] = [];

  constructor(
    private readonly T: RunTables,
    start: State,
  ) {
    this.next = ringEnd(start.log);
    this.seats = start.seatRacer.map((racer): SeatFacts => {
      const pos = start.racers[racer]!.pos;
      const lane = pos === null ? null : space(this.T, pos).lane;
      const groups: Record<string, string> = lane === null ? {} : { lane: LANE_CODES[lane]! };
      return { groups, values: {}, cards: {}, places: {} };
    });
  }

  private seatOf(state: State, racer: number): SeatFacts | undefined {
    const r = state.racers[racer];
    return r && r.kind === 'seat' ? this.seats[r.seat] : undefined;
  }

  private card(facts: SeatFacts, card: number): CardFacts {
    const id = kindOf(this.T, card).id;
    const cards = facts.cards!;
    return (cards[id] ??= { bought: [], offered: false, uses: {} });
  }

  private use(facts: SeatFacts | undefined, cards: readonly number[], use: string): void {
    if (!facts) return;
    for (const c of cards) {
      if (kindOf(this.T, c).deck === 'starter') continue;
      const f = this.card(facts, c);
      f.uses[use] = (f.uses[use] ?? 0) + 1;
    }
  }

  before(state: State, seat: number, legal: readonly Action[]): void {
    const facts = this.seats[seat];
    if (!facts) return;
    for (const a of legal) {
      if (a.type !== 'buy') continue;
      const card = state.market[a.row].row[a.index];
      if (card !== undefined && card !== null) this.card(facts, card).offered = true;
    }
  }

  after(state: State, _seat: number, _action: Action): void {
    const events = ringSince(state.log, this.next);
    this.next = ringEnd(state.log);
    for (const e of events as RunEvent[]) this.event(state, e);
  }

  private event(state: State, e: RunEvent): void {
    switch (e.kind) {
      case 'round':
        // A round begins: every seat's racer still on the board spends it where it stands.
        state.seatRacer.forEach((racer, seat) => {
          for (const p of placesOf(this.T, state.racers[racer]!.pos)) {
            const places = this.seats[seat]!.places!;
            places[p] = (places[p] ?? 0) + 1;
          }
        });
        return;
      case 'sunset':
        this.sunset = true;
        return;
      case 'buy':
      case 'gain': {
        const facts = this.seatOf(state, e.racer);
        if (facts) this.card(facts, e.card).bought.push(state.round);
        return;
      }
      case 'sprint':
        return this.use(this.seatOf(state, e.racer), e.cards, 'sprint');
      case 'climb':
      case 'descend':
        return this.use(this.seatOf(state, e.racer), e.cards, 'climb');
      case 'jump': {
        const facts = this.seatOf(state, e.racer);
        // R5: a jump with two or more cards is a combo (a single card is none).
        if (facts && e.cards.length >= 2) this.combos[state.racers[e.racer]!.seat] = (this.combos[state.racers[e.racer]!.seat] ?? 0) + 1;
        return this.use(facts, e.cards, 'combo');
      }
      case 'play':
        return this.use(this.seatOf(state, e.racer), [e.card], 'effect');
      default:
        return;
    }
  }

  finish(state: State): GameFacts {
    state.seatRacer.forEach((racer, seat) => {
      const r = state.racers[racer]!;
      this.seats[seat]!.values = {
        raceVp: raceVp(this.T, state, racer),
        comboVp: r.out ? 0 : r.tokens.reduce((a, b) => a + b, 0),
        comboJumps: this.combos[seat] ?? 0,
      };
    });
    return {
      seats: this.seats,
      ...(this.sunset ? { flags: [{ kind: 'round-limit', message: `the race reached sunset (round ${state.roundLimit}) with racers still running` }] } : {}),
    };
  }
}

/**
 * How far along the course a racer is, in trees: the tree it stands on plus the share of that
 * tree's width behind it (a jump-off is the tree's end); the finish is the number of trees. A
 * racer out of time (R12) has no position: null, it leaves the progress curve.
 */
function progress(T: RunTables, state: State, racer: number): number | null {
  const r = state.racers[racer]!;
  if (r.out) return null;
  if (r.place !== null || r.pos === null) return T.board.trees.length;
  const s = space(T, r.pos);
  if (s.kind === 'finish') return T.board.trees.length;
  const width = Math.max(1, T.board.trees[s.tree]!.width);
  return s.tree + (s.col === null ? 1 : Math.min(1, s.col / width));
}

/** Racers in curve order: the seats' racers by seat, then the dummies (R14) in racer order. */
const curveRacers = (state: State): number[] => [...state.seatRacer, ...state.racers.flatMap((r, i) => (r.kind === 'dummy' ? [i] : []))];

/**
 * Per-round samples (the lab's curves, tension and minutes of play). VP is what the racer holds
 * now: race VP once placed (R12) plus combo tokens (R7, R13), 0 once out of time — at the end it
 * is the outcome's score. Dummies (R14) have no cards or acorns: null there.
 */
export const curvesFor = (T: RunTables): RoundCurves<State> => ({
  measures: [
    { key: 'progress', label: 'progress (trees)' },
    { key: 'vp', label: 'VP' },
    { key: 'acorns', label: 'acorns in supply' },
    { key: 'cards', label: 'cards owned' },
  ],
  lead: 'vp',
  close: 2,
  closeWhy: 'a margin of at most 2 VP: one step on the top of the results board (10, 8, 6) or one combo token would turn it',
  secondsPerAction: 6,
  secondsWhy: 'a guess (a racer takes several small actions a turn: play, move, buy, end); --db measures it from the move times of a server’s tables',
  // R12: a race that is over has completed its last round; otherwise the rounds before this one.
  roundsDone: (state) => (state.over ? state.round : state.round - 1),
  participants: (state) =>
    curveRacers(state).map((racer, i): CurveParticipant => {
      const r = state.racers[racer]!;
      return r.kind === 'seat' ? { name: `seat ${r.seat + 1}`, seat: r.seat, side: i } : { name: DUMMY_NAMES[r.pawn as DummyColor], seat: null, side: i };
    }),
  sample: (state) => {
    const racers = curveRacers(state);
    const seat = (racer: number, f: (r: State['racers'][number]) => number): number | null => (state.racers[racer]!.kind === 'seat' ? f(state.racers[racer]!) : null);
    return {
      progress: racers.map((i) => progress(T, state, i)),
      vp: racers.map((i) => (state.racers[i]!.out ? 0 : raceVp(T, state, i) + state.racers[i]!.tokens.reduce((a, b) => a + b, 0))),
      acorns: racers.map((i) => seat(i, (r) => r.acorns)),
      cards: racers.map((i) => seat(i, (r) => r.deck.length + r.hand.length + r.discard.length)),
    };
  },
});

/** The lab probe of the race built from these tables. */
export const labFor = (T: RunTables): LabProbe<State, Action> => ({
  watch: (start) => {
    const w = new Watcher(T, start);
    return { before: (state, seat, legal) => w.before(state, seat, legal), after: (state, seat, action) => w.after(state, seat, action), finish: (state) => w.finish(state) };
  },
  cardNames: labCardNames(T),
  curves: curvesFor(T),
});

/**
 * Card id → a name no other market card has: two kinds that share a name (the two Yellow Twigs,
 * combo red and combo green) are told apart by their combo, then by cost, as a player tells them.
 */
function labCardNames(T: RunTables): Record<string, string> {
  const kinds = T.cards.kinds.filter((k) => k.deck !== 'starter');
  const count = (name: (k: (typeof kinds)[number]) => string): Map<string, number> => {
    const n = new Map<string, number>();
    for (const k of kinds) n.set(name(k), (n.get(name(k)) ?? 0) + 1);
    return n;
  };
  const combo = (k: (typeof kinds)[number]): string => (k.combo.length > 0 ? `${k.name} (combo ${k.combo.join('+')})` : `${k.name} (no combo)`);
  const plain = count((k) => k.name);
  const byCombo = count(combo);
  return Object.fromEntries(
    kinds.map((k) => [k.id, plain.get(k.name)! === 1 ? k.name : byCombo.get(combo(k))! === 1 ? combo(k) : `${combo(k)}, cost ${k.cost}`]),
  );
}
