/**
 * Ratings from multi-seat games: every game is read as pairwise results between the bots at the
 * table (finishing ahead of another bot is a win over it, sharing a rank is half a win each),
 * and a Bradley–Terry model is fitted to them and shown on the Elo scale (mean 1500; 400 points =
 * ten-to-one odds). Seats played by the same bot name are one player: they never play "against
 * themselves". 95% intervals come from a bootstrap over groups of games (a group is one deal
 * played with every seat rotation, so deal luck is resampled as a whole).
 */
import { createRng, nextInt, type Rng } from '../engine/rng.js';
import type { Interval } from './stats.js';

export interface RatedGame {
  /** Games of one group share a deal; the bootstrap resamples whole groups. */
  group: number;
  /** The bot name in each seat. */
  lineup: string[];
  /** Each seat's rank (1 = best, equal ranks share). */
  ranks: number[];
}

export interface RatingRow {
  name: string;
  /** Bradley–Terry strength on the Elo scale, mean 1500 over the bots. */
  elo: number;
  eloInterval: Interval;
  /** Seats this bot played (a game with the bot in two seats counts two). */
  seatGames: number;
  /** Share of its seats that won (a shared win counts 1/k for each of k winners). */
  winShare: number;
  winShareInterval: Interval;
  /** What an equal bot would win: 1 / seats. */
  fairShare: number;
  /** Share of pairwise results against other bots that it won. */
  pairwiseScore: number;
}

/** Pairwise wins between names: wins[i][j] is i's wins over j (ties count half to each). */
export function pairwiseWins(games: readonly RatedGame[], names: readonly string[]): number[][] {
  const index = new Map(names.map((n, i) => [n, i]));
  const wins = names.map(() => names.map(() => 0));
  for (const g of games) {
    for (let a = 0; a < g.lineup.length; a++) {
      for (let b = a + 1; b < g.lineup.length; b++) {
        const i = index.get(g.lineup[a]!)!;
        const j = index.get(g.lineup[b]!)!;
        if (i === j) continue;
        const ra = g.ranks[a]!;
        const rb = g.ranks[b]!;
        if (ra < rb) wins[i]![j]! += 1;
        else if (rb < ra) wins[j]![i]! += 1;
        else {
          wins[i]![j]! += 0.5;
          wins[j]![i]! += 0.5;
        }
      }
    }
  }
  return wins;
}

/**
 * Bradley–Terry strengths by Hunter's MM iteration, returned as Elo (mean 1500). `prior` adds
 * that many virtual wins each way to every pair that met, so a bot that never lost still gets a
 * finite rating; bots that met no one stay at the mean.
 */
export function bradleyTerryElo(wins: readonly (readonly number[])[], prior = 0.5): number[] {
  const k = wins.length;
  const w = wins.map((row, i) => row.map((x, j) => (i !== j && x + wins[j]![i]! > 0 ? x + prior : x)));
  const totalWins = w.map((row) => row.reduce((a, b) => a + b, 0));
  let p = new Array<number>(k).fill(1);
  for (let iter = 0; iter < 500; iter++) {
    const next = p.map((pi, i) => {
      let denom = 0;
      for (let j = 0; j < k; j++) {
        if (j === i) continue;
        const n = w[i]![j]! + w[j]![i]!;
        if (n > 0) denom += n / (pi + p[j]!);
      }
      return denom > 0 ? totalWins[i]! / denom : pi;
    });
    // Fix the scale: geometric mean 1.
    const logMean = next.reduce((a, x) => a + Math.log(x), 0) / k;
    const scaled = next.map((x) => x / Math.exp(logMean));
    const change = scaled.reduce((m, x, i) => Math.max(m, Math.abs(Math.log(x / p[i]!))), 0);
    p = scaled;
    if (change < 1e-9) break;
  }
  return p.map((x) => 1500 + (400 * Math.log(x)) / Math.LN10);
}

/** Each name's share of won seats (shared wins split) and how many seats it played. */
export function winShares(games: readonly RatedGame[], names: readonly string[]): { share: number; seats: number }[] {
  const won = names.map(() => 0);
  const seats = names.map(() => 0);
  const index = new Map(names.map((n, i) => [n, i]));
  for (const g of games) {
    const winners = g.ranks.filter((r) => r === 1).length;
    g.lineup.forEach((name, seat) => {
      const i = index.get(name)!;
      seats[i]!++;
      if (g.ranks[seat] === 1) won[i]! += 1 / winners;
    });
  }
  return names.map((_, i) => ({ share: seats[i]! > 0 ? won[i]! / seats[i]! : 0, seats: seats[i]! }));
}

function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

function resampleGroups(groups: readonly RatedGame[][], rng: Rng): RatedGame[] {
  const out: RatedGame[] = [];
  for (let i = 0; i < groups.length; i++) out.push(...groups[nextInt(rng, groups.length)]!);
  return out;
}

/** The rating table, best first. Deterministic for a seed. */
export function rateGames(
  games: readonly RatedGame[],
  opts: { seed?: string; bootstrap?: number; prior?: number } = {},
): RatingRow[] {
  const names = [...new Set(games.flatMap((g) => g.lineup))];
  if (names.length === 0) return [];
  const seats = games[0]!.lineup.length;
  const prior = opts.prior ?? 0.5;
  const wins = pairwiseWins(games, names);
  const elo = bradleyTerryElo(wins, prior);
  const shares = winShares(games, names);

  const byGroup = new Map<number, RatedGame[]>();
  for (const g of games) {
    const list = byGroup.get(g.group) ?? [];
    list.push(g);
    byGroup.set(g.group, list);
  }
  const groups = [...byGroup.values()];
  const rng = createRng(`bootstrap:${opts.seed ?? 'rating'}`);
  const rounds = opts.bootstrap ?? 1000;
  const eloSamples = names.map((): number[] => []);
  const shareSamples = names.map((): number[] => []);
  for (let b = 0; b < rounds && groups.length > 1; b++) {
    const sample = resampleGroups(groups, rng);
    const e = bradleyTerryElo(pairwiseWins(sample, names), prior);
    const s = winShares(sample, names);
    names.forEach((_, i) => {
      eloSamples[i]!.push(e[i]!);
      if (s[i]!.seats > 0) shareSamples[i]!.push(s[i]!.share);
    });
  }
  const interval = (samples: number[], fallback: number): Interval => {
    if (samples.length === 0) return [fallback, fallback];
    samples.sort((a, b) => a - b);
    return [percentile(samples, 0.025), percentile(samples, 0.975)];
  };

  const rows = names.map((name, i): RatingRow => {
    let won = 0;
    let played = 0;
    for (let j = 0; j < names.length; j++) {
      won += wins[i]![j]!;
      played += wins[i]![j]! + wins[j]![i]!;
    }
    return {
      name,
      elo: elo[i]!,
      eloInterval: interval(eloSamples[i]!, elo[i]!),
      seatGames: shares[i]!.seats,
      winShare: shares[i]!.share,
      winShareInterval: interval(shareSamples[i]!, shares[i]!.share),
      fairShare: 1 / seats,
      pairwiseScore: played > 0 ? won / played : 0.5,
    };
  });
  return rows.sort((a, b) => b.elo - a.elo);
}
