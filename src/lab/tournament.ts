/**
 * Tournaments: bots play each other with seats rotated, so each bot plays every seat equally,
 * and the results become a rating table (rating.ts).
 *
 * The schedule is built from groups. A group is one deal (one game seed) played with every
 * lineup and every rotation of it, so deal luck and seat luck cancel within the group
 * (duplicate play). With k bots at s seats: if k ≤ s the lineup fills the seats with the bots in
 * turn (a,b,c,a); if k > s there is one lineup per window of s bots in the circular list. Each
 * lineup is rotated through the seats; rotations that repeat a lineup (a,b,a,b) are played once.
 * The number of games is rounded up to whole groups.
 */
import type { Bot } from '../engine/bot.js';
import type { AnyGame } from '../engine/game.js';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import { findBot, playBotMatch } from '../bots/index.js';
import { rateGames, type RatingRow } from './rating.js';
import { checkRun } from './sim.js';

/** A tournament as plain JSON: what the CLI parses and what is sent to each worker thread. */
export interface TournamentSpec {
  game: string;
  seats: number;
  /** Bot names; a name may appear more than once (hard,easy,easy,easy). */
  bots: string[];
  /** Games wanted; rounded up to whole groups. */
  games: number;
  seed: string;
  /** Untrusted game options, parsed by the game. */
  options?: unknown;
  /** A game longer than this many actions is an error. */
  maxSteps?: number;
}

/** One game of the schedule. */
export interface ScheduledGame {
  index: number;
  group: number;
  seed: string;
  /** The bot name in each seat. */
  lineup: string[];
}

export interface TournamentGameResult extends ScheduledGame {
  ranks: number[];
  scores: number[];
  actions: number;
}

export interface TournamentReport {
  game: string;
  seats: number;
  bots: string[];
  seed: string;
  games: number;
  groups: number;
  /** Best first. */
  ratings: RatingRow[];
}

/** Every distinct lineup of one group, in a stable order. */
export function groupLineups(bots: readonly string[], seats: number): string[][] {
  const k = bots.length;
  const bases: string[][] = [];
  if (k <= seats) bases.push(Array.from({ length: seats }, (_, s) => bots[s % k]!));
  else for (let w = 0; w < k; w++) bases.push(Array.from({ length: seats }, (_, s) => bots[(w + s) % k]!));
  const seen = new Set<string>();
  const lineups: string[][] = [];
  for (const base of bases) {
    for (let r = 0; r < seats; r++) {
      const lineup = base.map((_, s) => base[(s + seats - r) % seats]!);
      const key = lineup.join('\u0000');
      if (seen.has(key)) continue;
      seen.add(key);
      lineups.push(lineup);
    }
  }
  return lineups;
}

/** The whole schedule: whole groups covering at least `spec.games` games. */
export function schedule(spec: Pick<TournamentSpec, 'bots' | 'seats' | 'games' | 'seed'>): ScheduledGame[] {
  const lineups = groupLineups(spec.bots, spec.seats);
  const groups = Math.max(1, Math.ceil(spec.games / lineups.length));
  const games: ScheduledGame[] = [];
  for (let group = 0; group < groups; group++) {
    for (const lineup of lineups) {
      games.push({ index: games.length, group, seed: `${spec.seed}.${group}`, lineup });
    }
  }
  return games;
}

export interface ResolvedTournament {
  spec: TournamentSpec;
  game: AnyGame;
  bots: Map<string, Bot>;
}

/** Checks a spec against the registries: the game, the seat count, every bot, the options. */
export function resolveTournament(spec: TournamentSpec): Result<ResolvedTournament, GameError> {
  const found = checkRun(spec);
  if (!found.ok) return found;
  const pkg = found.value;
  const game = pkg.game;
  if (new Set(spec.bots).size < 2) {
    return err({ code: 'bad-bots', message: 'a tournament needs at least two different bots (e.g. --bots hard,easy)' });
  }
  const bots = new Map<string, Bot>();
  for (const name of spec.bots) {
    const bot = findBot(pkg, name);
    if (!bot.ok) return bot;
    bots.set(name, bot.value);
  }
  const options = game.parseOptions(spec.options ?? {}, spec.seats);
  if (!options.ok) return options;
  return ok({ spec, game, bots });
}

/** Plays one scheduled game. */
export function playScheduledGame(t: ResolvedTournament, scheduled: ScheduledGame): Result<TournamentGameResult, GameError> {
  const bots = scheduled.lineup.map((name) => t.bots.get(name)!);
  const played = playBotMatch(t.game, { seats: t.spec.seats, seed: scheduled.seed, options: t.spec.options }, bots, {
    maxSteps: t.spec.maxSteps ?? 100_000,
  });
  if (!played.ok) {
    return err({ code: played.error.code, message: `game ${scheduled.index} (seed ${scheduled.seed}): ${played.error.message}` });
  }
  const { outcome, match } = played.value;
  return ok({ ...scheduled, ranks: outcome.ranks, scores: outcome.scores, actions: match.record.actions.length });
}

/** The report of finished games (in any order: they are sorted by index first). */
export function tournamentReport(spec: TournamentSpec, results: readonly TournamentGameResult[]): TournamentReport {
  const sorted = [...results].sort((a, b) => a.index - b.index);
  return {
    game: spec.game,
    seats: spec.seats,
    bots: [...new Set(spec.bots)],
    seed: spec.seed,
    games: sorted.length,
    groups: new Set(sorted.map((r) => r.group)).size,
    ratings: rateGames(sorted, { seed: spec.seed }),
  };
}
