/**
 * Running a whole sim: resolve the spec, play every game on one thread or many, fold the results
 * in index order, time it.
 */
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import { BUILTINS, type Registry } from '../games/index.js';
import { OrderedFeed, SimAggregator, type SimSummary } from './aggregate.js';
import { playChunk } from './chunk.js';
import { runInWorkers } from './pool.js';
import { resolveSim, type SimSpec } from './sim.js';

export interface RunOptions {
  /** Threads to play on; 1 plays on the calling thread. Default: one per core. */
  workers?: number;
  /** Called as games finish (at most every few games). */
  onProgress?: (done: number, total: number) => void;
  /** Where to find the game (default: the built-in games). Workers load the built-in games only. */
  registry?: Registry;
}

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
  workers: number;
  seconds: number;
  gamesPerSecond: number;
  summary: SimSummary;
}

export const defaultWorkers = (): number => Math.max(1, availableParallelism());

export async function runSim(spec: SimSpec, opts: RunOptions = {}): Promise<Result<SimReport, GameError>> {
  const resolved = resolveSim(spec, opts.registry);
  if (!resolved.ok) return resolved;
  const sim = resolved.value;
  const workers = Math.max(1, Math.min(opts.workers ?? defaultWorkers(), spec.games));
  if (workers > 1 && BUILTINS.get(spec.game) !== sim.pkg) {
    return err({ code: 'bad-workers', message: `${sim.game.title} is not a built-in game: simulate it with workers: 1` });
  }
  if (spec.recordDir !== undefined) {
    try {
      mkdirSync(spec.recordDir, { recursive: true });
    } catch (e) {
      return err({ code: 'record-dir', message: `cannot create ${spec.recordDir}: ${(e as Error).message}` });
    }
  }
  const aggregator = new SimAggregator(sim.botNames);
  const feed = new OrderedFeed((r) => aggregator.add(r));
  let done = 0;
  let lastReport = 0;
  const onResult = (r: Parameters<OrderedFeed['push']>[0]): void => {
    feed.push(r);
    done++;
    if (opts.onProgress && (done - lastReport >= 16 || done === spec.games)) {
      lastReport = done;
      opts.onProgress(done, spec.games);
    }
  };

  const start = performance.now();
  if (workers === 1) {
    // Play in slices, yielding between them so timers (the progress bar) and signals get a turn.
    const slice = 256;
    for (let from = 0; from < spec.games; from += slice) {
      const played = playChunk(sim, from, Math.min(spec.games, from + slice), onResult);
      if (!played.ok) return played;
      await new Promise((r) => setImmediate(r));
    }
  } else {
    const played = await runInWorkers(spec, workers, onResult);
    if (!played.ok) return played;
  }
  const seconds = (performance.now() - start) / 1000;
  if (aggregator.count !== spec.games) {
    return err({ code: 'lost-games', message: `only ${aggregator.count} of ${spec.games} games came back` });
  }
  const parsedOptions = sim.game.parseOptions(spec.options ?? {}, spec.seats);
  return ok({
    game: sim.game.id,
    title: sim.game.title,
    seats: spec.seats,
    games: spec.games,
    seed: spec.seed,
    options: parsedOptions.ok ? parsedOptions.value : spec.options,
    bots: sim.botNames,
    workers,
    seconds,
    gamesPerSecond: seconds > 0 ? spec.games / seconds : Number.POSITIVE_INFINITY,
    summary: aggregator.summary(),
  });
}
