/**
 * End-of-game statistics per racer (issue 25), read from the race's public events (events.ts),
 * dummies included: the combos landed and the combo VP they and other effects won (R5, R7), the
 * acorns gathered and spent (R9; a dummy's traded acorns, R14), the cards bought and gained from
 * the market (R10), and the round each racer crossed the finish line in (R12). Pure: the web
 * results screen and the terminal show the same figures.
 */
import type { StatsTable } from '../../engine/stats.js';
import { DUMMY_NAMES, type DummyColor } from './content/dummy-schema.js';
import type { RunEvent } from './events.js';
import type { RacerKind } from './state.js';
import type { AcornRunView } from './view.js';

export interface RacerStats {
  racer: number;
  /** Jumps landed with two or more combo cards (R5: a single card is no combo and earns nothing). */
  combos: number;
  /** The longest combo, in cards. */
  longestCombo: number;
  /** Combo VP tokens won by combos and by effects (their values stay hidden until the end, R7). */
  tokens: number;
  /** What the tokens were worth, as the race-over event revealed them (null before it). */
  comboVp: number | null;
  raceVp: number | null;
  acornsGathered: number;
  acornsSpent: number;
  bought: number;
  gained: number;
  /** The round the racer crossed the finish line in, or null (still running, or out of time). */
  finishedRound: number | null;
  out: boolean;
}

/** The figures of every racer, from the whole event sequence of a race with `racers` racers. */
export function raceStats(events: readonly RunEvent[], racers: number): RacerStats[] {
  const stats: RacerStats[] = Array.from({ length: racers }, (_, racer) => ({
    racer,
    combos: 0,
    longestCombo: 0,
    tokens: 0,
    comboVp: null,
    raceVp: null,
    acornsGathered: 0,
    acornsSpent: 0,
    bought: 0,
    gained: 0,
    finishedRound: null,
    out: false,
  }));
  let round = 1;
  for (const e of events) {
    switch (e.kind) {
      case 'round':
        round = e.round;
        break;
      case 'race-over':
        for (const r of e.results) {
          const s = stats[r.racer];
          if (!s) continue;
          s.comboVp = r.comboVp;
          s.raceVp = r.raceVp;
          s.out = r.out;
        }
        break;
      case 'sunset':
      case 'dummy-turn':
        break;
      default: {
        const s = stats[e.racer];
        if (!s) break;
        switch (e.kind) {
          // An "oops" step moves an acorn from the player board back to the course: it was spent already.
          case 'sprint':
          case 'climb':
          case 'descend':
          case 'step':
          case 'move':
            s.acornsGathered += e.acorns;
            break;
          case 'jump':
            s.acornsGathered += e.acorns;
            s.acornsSpent += e.spent;
            s.tokens += e.vp;
            if (e.cards.length >= 2) {
              s.combos++;
              s.longestCombo = Math.max(s.longestCombo, e.cards.length);
            }
            break;
          case 'acorns':
            s.acornsGathered += e.count;
            break;
          case 'tokens':
            s.tokens += e.count;
            break;
          case 'spend':
            s.acornsSpent++;
            break;
          case 'buy':
            s.bought++;
            s.acornsSpent += e.spent;
            break;
          case 'gain':
            s.gained++;
            break;
          case 'finish':
            s.finishedRound = round;
            break;
          case 'out-of-time':
            break;
          default:
            break;
        }
      }
    }
  }
  return stats;
}

/** Who each racer is, as a view or the state knows them. */
export interface RacerWho {
  kind: RacerKind;
  seat: number;
  pawn: string;
}

const tokens = (n: number): string => `${n} token${n === 1 ? '' : 's'}`;

/** The figures as a table: one row per racer in racer order, dummies named as on the board. */
export function raceStatsTable(stats: readonly RacerStats[], racers: readonly RacerWho[], names: readonly string[]): StatsTable {
  return {
    columns: ['Combos (longest)', 'Combo VP', 'Acorns gathered', 'Acorns spent', 'Cards bought', 'Finished'],
    rows: stats.map((s) => {
      const who = racers[s.racer];
      const dummy = who?.kind === 'dummy';
      const name = dummy ? `${DUMMY_NAMES[who.pawn as DummyColor] ?? who.pawn} (dummy)` : (names[who?.seat ?? -1] ?? `Racer ${s.racer + 1}`);
      return {
        name,
        seat: dummy || !who ? null : who.seat,
        cells: [
          s.combos > 0 ? `${s.combos} (${s.longestCombo} cards)` : '0',
          s.comboVp === null ? tokens(s.tokens) : `${s.comboVp} (${tokens(s.tokens)})`,
          String(s.acornsGathered),
          String(s.acornsSpent),
          s.gained > 0 ? `${s.bought} + ${s.gained} free` : String(s.bought),
          s.out ? 'out of time' : s.finishedRound !== null ? `round ${s.finishedRound}` : '—',
        ],
      };
    }),
    notes: [],
  };
}

/** The statistics table of a finished race from its public events and last view: the package's and the web's `stats`. */
export const raceStatsOf = (events: readonly unknown[], view: AcornRunView, names: readonly string[]): StatsTable =>
  raceStatsTable(raceStats(events as readonly RunEvent[], view.racers.length), view.racers, names);
