/**
 * Tournaments: bots play each other with seats rotated, so each bot plays every seat equally,
 * and the results become a rating table (rating.ts). The schedule (tournamentSchedule in
 * schedule.ts) is built from groups: one deal played with every lineup and every rotation of it,
 * so deal luck and seat luck cancel within the group. The runner (run.ts) plays it.
 */
import { err, ok, type GameError, type Result } from '../engine/result.js';
import { rateGames, type RatedGame, type RatingRow } from './rating.js';
import type { Registry } from '../games/index.js';
import { resolveRun, type ResolvedRun, type RunSpec } from './resolve.js';
import { runSchedule, type RunOptions } from './run.js';
import { tournamentSchedule } from './schedule.js';
import type { Interval } from './stats.js';

/** A tournament as plain JSON: what the CLI parses and what is sent to each worker thread. */
export interface TournamentSpec extends RunSpec {
  /** Bot names; a name may appear more than once (hard,easy,easy,easy). */
  bots: string[];
  /** Games wanted; rounded up to whole groups. */
  games: number;
}

export type ResolvedTournament = ResolvedRun<TournamentSpec>;

export interface TournamentReport {
  game: string;
  seats: number;
  bots: string[];
  seed: string;
  games: number;
  groups: number;
  /** The hash of the content played (GameContent.hash). */
  contentHash: string;
  /** The content variant's name (its directory), when not the builtin. */
  variant?: string;
  /** Best first. */
  ratings: RatingRow[];
}

/** Checks a spec against the registries: the game, the seat count, every bot, the options. */
export function resolveTournament(spec: TournamentSpec, registry?: Registry): Result<ResolvedTournament, GameError> {
  return resolveRun(
    spec,
    () =>
      new Set(spec.bots).size < 2
        ? err({ code: 'bad-bots', message: 'a tournament needs at least two different bots (e.g. --bots hard,easy)' })
        : ok(spec.bots),
    registry,
  );
}

/** Resolves and runs a tournament. */
export async function runTournament(spec: TournamentSpec, opts: RunOptions = {}): Promise<Result<TournamentReport, GameError>> {
  const resolved = resolveTournament(spec, opts.registry);
  if (!resolved.ok) return resolved;
  return runResolvedTournament(resolved.value, opts);
}

/** Runs a tournament already resolved (the CLI resolves first, to report a bad spec as a usage error). */
export async function runResolvedTournament(t: ResolvedTournament, opts: RunOptions = {}): Promise<Result<TournamentReport, GameError>> {
  const schedule = tournamentSchedule(t.spec);
  const rated: RatedGame[] = [];
  const ran = await runSchedule(t, schedule, (r) => rated.push({ group: schedule[r.index]!.group, lineup: schedule[r.index]!.lineup, ranks: r.ranks }), opts);
  if (!ran.ok) return ran;
  const report = tournamentReport(t.spec, rated, t.pkg.content.hash);
  return ok(t.pkg.content.variant === undefined ? report : { ...report, variant: t.pkg.content.variant });
}

/** The report of finished games, given in schedule order. */
export function tournamentReport(spec: TournamentSpec, games: readonly RatedGame[], contentHash: string): TournamentReport {
  return {
    game: spec.game,
    seats: spec.seats,
    bots: [...new Set(spec.bots)],
    seed: spec.seed,
    games: games.length,
    groups: new Set(games.map((r) => r.group)).size,
    contentHash,
    ratings: rateGames(games, { seed: spec.seed }),
  };
}

/** An interval as the tournament's JSON report has always written it. */
export interface IntervalJson {
  low: number;
  high: number;
}

/**
 * The `--json` form of a report. Intervals are `[low, high]` everywhere in the lab, but the
 * tournament report has always written them as `{ low, high }`; this keeps that JSON unchanged.
 */
export function tournamentJson(report: TournamentReport): Omit<TournamentReport, 'ratings'> & {
  ratings: (Omit<RatingRow, 'eloInterval' | 'winShareInterval'> & { eloInterval: IntervalJson; winShareInterval: IntervalJson })[];
} {
  const json = ([low, high]: Interval): IntervalJson => ({ low, high });
  return {
    ...report,
    ratings: report.ratings.map((r) => ({ ...r, eloInterval: json(r.eloInterval), winShareInterval: json(r.winShareInterval) })),
  };
}
