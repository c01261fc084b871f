/**
 * A sim: many games with one lineup (a bot per seat), folded into a summary with confidence
 * intervals (aggregate.ts). Its schedule is game i with seed `<seed>.<i>`; the runner (run.ts)
 * plays it.
 */
import { performance } from 'node:perf_hooks';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import { SimAggregator, type SimSummary } from './aggregate.js';
import type { Registry } from '../games/index.js';
import { resolveRun, type ResolvedRun, type RunSpec } from './resolve.js';
import { runSchedule, type RunOptions } from './run.js';
import { simSchedule } from './schedule.js';

/** A sim as plain JSON: what the CLI parses and what is sent to each worker thread. */
export interface SimSpec extends RunSpec {
  /** Bot name per seat (one name means every seat). */
  bots: string[];
  /** Untrusted game options, parsed by the game. */
  options: unknown;
}

/** A checked sim; `names` has one bot name per seat. */
export type ResolvedSim = ResolvedRun<SimSpec>;

export interface SimReport {
  game: string;
  title: string;
  seats: number;
  games: number;
  seed: string;
  /** The options as the game parsed them (defaults filled in). */
  options: unknown;
  /** Bot name per seat. */
  bots: string[];
  /** The hash of the content played (GameContent.hash). */
  contentHash: string;
  /** The content variant's name (its directory), when not the builtin. */
  variant?: string;
  workers: number;
  /** Played as jobs on this queue (`workers` is then 0). */
  queue?: { name: string; jobs: number };
  seconds: number;
  gamesPerSecond: number;
  summary: SimSummary;
}

/** Checks a spec: the game exists, the seat count fits, the bots exist for it, the options parse. */
export function resolveSim(spec: SimSpec, registry?: Registry): Result<ResolvedSim, GameError> {
  return resolveRun(
    spec,
    () => {
      const names = spec.bots.length === 1 ? new Array<string>(spec.seats).fill(spec.bots[0]!) : spec.bots;
      if (names.length === spec.seats) return ok(names);
      return err({
        code: 'bad-bots',
        message: `${spec.bots.length} bots named for ${spec.seats} seats (name one bot for every seat, or one for all)`,
      });
    },
    registry,
  );
}

/** Resolves and runs a sim. */
export async function runSim(spec: SimSpec, opts: RunOptions = {}): Promise<Result<SimReport, GameError>> {
  const resolved = resolveSim(spec, opts.registry);
  if (!resolved.ok) return resolved;
  return runResolvedSim(resolved.value, opts);
}

/** Runs a sim already resolved (the CLI resolves first, to report a bad spec as a usage error). */
export async function runResolvedSim(sim: ResolvedSim, opts: RunOptions = {}): Promise<Result<SimReport, GameError>> {
  const { spec } = sim;
  const aggregator = new SimAggregator(sim.names, sim.pkg.rulings?.gaps);
  const start = performance.now();
  const ran = await runSchedule(sim, simSchedule(spec, sim.names), (r) => aggregator.add(r), opts);
  if (!ran.ok) return ran;
  const seconds = (performance.now() - start) / 1000;
  return ok({
    game: sim.game.id,
    title: sim.game.title,
    seats: spec.seats,
    games: spec.games,
    seed: spec.seed,
    options: sim.options,
    bots: sim.names,
    contentHash: sim.pkg.content.hash,
    ...(sim.pkg.content.variant === undefined ? {} : { variant: sim.pkg.content.variant }),
    workers: ran.value.workers,
    ...(ran.value.queue ? { queue: ran.value.queue } : {}),
    seconds,
    gamesPerSecond: seconds > 0 ? spec.games / seconds : Number.POSITIVE_INFINITY,
    summary: aggregator.summary(),
  });
}
