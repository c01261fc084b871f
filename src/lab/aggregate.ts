/**
 * Folding game results into a sim summary. Results are folded strictly in game-index order, so
 * the summary (down to the last floating-point bit, and its digest) is the same however many
 * workers played the games and in whatever order they finished.
 */
import { stableHash } from '../engine/hash.js';
import type { RuleGap } from '../games/package.js';
import type { GameResult } from './play.js';
import { RulingsAccumulator, type RulingSummary } from './rulings.js';
import {
  addToMean,
  COUNT_RANGE,
  emptyMean,
  summarizeMean,
  wilsonInterval,
  type Interval,
  type MeanAccumulator,
  type MeanSummary,
} from './stats.js';

export interface SeatSummary {
  seat: number;
  bot: string;
  /** Share of wins: a win shared by k seats counts 1/k to each (see docs/lab.md). */
  wins: number;
  winRate: number;
  /** 95% Wilson interval for the win rate. */
  winInterval: Interval;
  score: MeanSummary;
  rank: MeanSummary;
}

export interface BotSummary {
  bot: string;
  /** The seats this bot sat in. */
  seats: number[];
  /** Seat-games played: games × seats. */
  trials: number;
  wins: number;
  winRate: number;
  winInterval: Interval;
  score: MeanSummary;
}

/** A participant at no seat (Acorn Run's dummy), by name: its share of wins like a seat's. */
export interface RacerSummary {
  name: string;
  /** Games it took part in. */
  games: number;
  wins: number;
  winRate: number;
  winInterval: Interval;
  score: MeanSummary;
  rank: MeanSummary;
}

export interface SimSummary {
  games: number;
  seats: SeatSummary[];
  bots: BotSummary[];
  /** Participants at no seat (only when the game has them): each one's share of wins. */
  racers?: RacerSummary[];
  /** Games whose win was shared by more than one seat outside a single team. */
  sharedWins: number;
  rounds: MeanSummary;
  actions: MeanSummary;
  /**
   * The game's own figures: a number's mean with its interval, or for a text value how often
   * each value occurred (share with a Wilson interval).
   */
  stats: Record<string, StatSummary>;
  /** How often each rule gap was decided by a ruling (games with rule gaps only; lab/rulings.ts). */
  rulings?: RulingSummary[];
  /** A hash over every game's result in order (rule-gap counts aside): equal digests mean identical runs. */
  digest: string;
}

export type StatSummary =
  | { kind: 'number'; mean: MeanSummary }
  | { kind: 'text'; games: number; values: { value: string; count: number; share: number; interval: Interval }[] };

interface SeatAcc {
  wins: number;
  score: MeanAccumulator;
  rank: MeanAccumulator;
}

interface RacerAcc extends SeatAcc {
  games: number;
}

/** Accumulates results that must arrive in index order (see OrderedFeed for out-of-order ones). */
export class SimAggregator {
  private readonly seatAcc: SeatAcc[];
  private readonly racerAcc = new Map<string, RacerAcc>();
  private readonly rounds = emptyMean();
  private readonly actions = emptyMean();
  private readonly numberStats = new Map<string, MeanAccumulator>();
  private readonly textStats = new Map<string, Map<string, number>>();
  private sharedWins = 0;
  private games = 0;
  private digest = stableHash('drey-sim');
  private readonly rulings: RulingsAccumulator;

  constructor(
    private readonly botNames: readonly string[],
    gaps: readonly RuleGap[] = [],
  ) {
    this.rulings = new RulingsAccumulator(gaps);
    this.seatAcc = botNames.map(() => ({ wins: 0, score: emptyMean(), rank: emptyMean() }));
  }

  get count(): number {
    return this.games;
  }

  add(result: GameResult): void {
    if (result.index !== this.games) {
      throw new Error(`results must be added in order: expected game ${this.games}, got ${result.index}`);
    }
    this.games++;
    // A win shared between rivals is split between them; a team's win is a whole win for each
    // partner (they won it together), so partner-game win rates read as team win rates.
    // Racers at no seat (dummies) that ranked 1st won too: a seat beaten by one has not won.
    const share = winnerShare(result);
    for (const seat of result.winners) this.seatAcc[seat]!.wins += share;
    for (const r of result.racers ?? []) {
      let acc = this.racerAcc.get(r.name);
      if (!acc) {
        acc = { games: 0, wins: 0, score: emptyMean(), rank: emptyMean() };
        this.racerAcc.set(r.name, acc);
      }
      acc.games++;
      if (r.rank === 1) acc.wins += share;
      addToMean(acc.score, r.score);
      addToMean(acc.rank, r.rank);
    }
    for (const [key, value] of Object.entries(result.stats ?? {})) {
      if (typeof value === 'number') {
        if (!this.numberStats.has(key)) this.numberStats.set(key, emptyMean());
        addToMean(this.numberStats.get(key)!, value);
      } else {
        if (!this.textStats.has(key)) this.textStats.set(key, new Map());
        const counts = this.textStats.get(key)!;
        counts.set(value, (counts.get(value) ?? 0) + 1);
      }
    }
    result.scores.forEach((score, seat) => {
      const acc = this.seatAcc[seat]!;
      addToMean(acc.score, score);
      addToMean(acc.rank, result.ranks[seat]!);
    });
    if (isShared(result)) this.sharedWins++;
    addToMean(this.rounds, result.rounds);
    addToMean(this.actions, result.actions);
    this.rulings.add(result);
    // Rule-gap counts are read off the same game the rest of the result describes; leaving them
    // out keeps digests equal to those of runs from before they were counted.
    const { rulings: _gaps, ...hashed } = result;
    this.digest = stableHash([this.digest, hashed]);
  }

  private statSummaries(): Record<string, StatSummary> {
    const out: Record<string, StatSummary> = {};
    // A game's numeric stats are counts (engine/game.ts Outcome.stats): their intervals stop at 0.
    for (const key of sortedKeys(this.numberStats)) out[key] = { kind: 'number', mean: summarizeMean(this.numberStats.get(key)!, undefined, COUNT_RANGE) };
    for (const key of sortedKeys(this.textStats)) {
      const counts = this.textStats.get(key)!;
      const games = [...counts.values()].reduce((a, b) => a + b, 0);
      out[key] = {
        kind: 'text',
        games,
        values: sortedKeys(counts).map((value) => {
          const count = counts.get(value)!;
          return { value, count, share: count / games, interval: wilsonInterval(count, games) };
        }),
      };
    }
    return out;
  }

  summary(): SimSummary {
    const n = this.games;
    const seats: SeatSummary[] = this.seatAcc.map((acc, seat) => ({
      seat,
      bot: this.botNames[seat]!,
      wins: acc.wins,
      winRate: n > 0 ? acc.wins / n : Number.NaN,
      winInterval: wilsonInterval(acc.wins, n),
      score: summarizeMean(acc.score),
      rank: summarizeMean(acc.rank),
    }));
    const botOrder = [...new Set(this.botNames)];
    const bots: BotSummary[] = botOrder.map((bot) => {
      const own = seats.filter((s) => s.bot === bot);
      const wins = own.reduce((sum, s) => sum + s.wins, 0);
      const trials = n * own.length;
      // Pool the bot's seats' score accumulators (Chan et al.'s parallel combination).
      const score = own.map((s) => this.seatAcc[s.seat]!.score).reduce(combineMeans, emptyMean());
      return {
        bot,
        seats: own.map((s) => s.seat),
        trials,
        wins,
        winRate: trials > 0 ? wins / trials : Number.NaN,
        winInterval: wilsonInterval(wins, trials),
        score: summarizeMean(score),
      };
    });
    const racers: RacerSummary[] = [...this.racerAcc].map(([name, acc]) => ({
      name,
      games: acc.games,
      wins: acc.wins,
      winRate: acc.games > 0 ? acc.wins / acc.games : Number.NaN,
      winInterval: wilsonInterval(acc.wins, acc.games),
      score: summarizeMean(acc.score),
      rank: summarizeMean(acc.rank),
    }));
    const rulings = this.rulings.summary();
    return {
      games: n,
      seats,
      bots,
      ...(rulings.length > 0 ? { rulings } : {}),
      ...(racers.length > 0 ? { racers } : {}),
      sharedWins: this.sharedWins,
      rounds: summarizeMean(this.rounds, undefined, COUNT_RANGE),
      actions: summarizeMean(this.actions, undefined, COUNT_RANGE),
      stats: this.statSummaries(),
      digest: this.digest,
    };
  }
}

function sortedKeys<T>(map: Map<string, T>): string[] {
  return [...map.keys()].sort();
}

/** What one winner of `result` gets: 1, or 1/k when k rivals (seats or racers) share the win. */
export function winnerShare(result: GameResult): number {
  const racerWinners = (result.racers ?? []).filter((r) => r.rank === 1).length;
  return isShared(result) ? 1 / (result.winners.length + racerWinners) : 1;
}

/** Each seat's share of the win in one game (docs/lab.md, "Shared wins count as shares"). */
export function seatWinShares(result: GameResult): number[] {
  const shares = result.scores.map(() => 0);
  const share = winnerShare(result);
  for (const seat of result.winners) shares[seat]! += share;
  return shares;
}

/** A win is shared when its winners (seats and racers at no seat) are not all one team. */
function isShared(result: GameResult): boolean {
  const racerWinners = (result.racers ?? []).filter((r) => r.rank === 1).length;
  if (racerWinners > 0) return result.winners.length + racerWinners > 1;
  if (result.winners.length < 2) return false;
  const team = result.teams?.find((t) => t.includes(result.winners[0]!));
  return !(team && result.winners.every((w) => team.includes(w)));
}

function combineMeans(a: MeanAccumulator, b: MeanAccumulator): MeanAccumulator {
  const n = a.n + b.n;
  if (n === 0) return emptyMean();
  const delta = b.mean - a.mean;
  return { n, mean: a.mean + (delta * b.n) / n, m2: a.m2 + b.m2 + (delta * delta * a.n * b.n) / n };
}

/** Takes results in any order and hands them to `sink` in index order. */
export class OrderedFeed {
  private readonly pending = new Map<number, GameResult>();
  private next: number;

  constructor(
    private readonly sink: (result: GameResult) => void,
    first = 0,
  ) {
    this.next = first;
  }

  push(result: GameResult): void {
    this.pending.set(result.index, result);
    for (let r = this.pending.get(this.next); r !== undefined; r = this.pending.get(this.next)) {
      this.pending.delete(this.next);
      this.next++;
      this.sink(r);
    }
  }

  /** How many results wait for an earlier one. */
  get waiting(): number {
    return this.pending.size;
  }
}
