/**
 * One simulated game of a lab run, and the configuration that names it. Everything here is a
 * function of the spec and the game's index, so a game plays out the same in any worker.
 */
import type { Bot } from '../engine/bot.js';
import type { AnyGame, Outcome, Seat } from '../engine/game.js';
import { stableHash } from '../engine/hash.js';
import type { MatchRecord } from '../engine/match.js';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import { findBot, playBotMatch } from '../bots/index.js';
import { findGame } from '../games/index.js';

/** A sim as plain JSON: what the CLI parses and what is sent to each worker thread. */
export interface SimSpec {
  /** Game id. */
  game: string;
  seats: number;
  /** How many games to play. */
  games: number;
  /** Bot name per seat (one name means every seat). */
  bots: string[];
  /** The run's seed: game i is played with seed `gameSeed(seed, i)`. */
  seed: string;
  /** Untrusted game options, parsed by the game. */
  options: unknown;
  /** Write every match record as JSON into this directory. */
  recordDir?: string;
  /** A game longer than this many actions is an error (a bot or rules bug). */
  maxSteps?: number;
}

/** A spec checked against the registries: the game, one bot per seat, parsed options. */
export interface ResolvedSim {
  spec: SimSpec;
  game: AnyGame;
  botNames: string[];
  bots: Bot[];
}

/** What the lab keeps of one finished game: small, plain JSON. */
export interface GameResult {
  index: number;
  seed: string;
  scores: number[];
  ranks: number[];
  winners: Seat[];
  rounds: number;
  /** Number of actions taken. */
  actions: number;
  teams?: Seat[][];
  /** The game's own per-game figures (Outcome.stats), e.g. Acorn Run's winner lane. */
  stats?: Record<string, number | string>;
  /** Participants at no seat (Acorn Run's dummies), ranked with the seats (Outcome.racers). */
  racers?: { name: string; score: number; rank: number }[];
}

/** Game i's seed. Depends only on the run's seed and i, never on which worker plays it. */
export const gameSeed = (seed: string, index: number): string => `${seed}.${index}`;

/** What sims and tournaments both check first: the game exists, the seats fit, games and seed make sense. */
export function checkRun(
  spec: { game: string; seats: number; games: number; seed: string },
  lookup: (id: string) => Result<AnyGame, GameError> = findGame,
): Result<AnyGame, GameError> {
  const found = lookup(spec.game);
  if (!found.ok) return found;
  const game = found.value;
  if (!Number.isInteger(spec.seats) || spec.seats < game.seats.min || spec.seats > game.seats.max) {
    return err({ code: 'bad-seats', message: `${game.title} takes ${game.seats.min}–${game.seats.max} seats, not ${spec.seats}` });
  }
  if (!Number.isInteger(spec.games) || spec.games < 1) {
    return err({ code: 'bad-games', message: `the number of games must be a whole number of at least 1, not ${spec.games}` });
  }
  if (spec.seed.length === 0) return err({ code: 'bad-seed', message: 'the seed must be a non-empty string' });
  return ok(game);
}

/** Checks a spec: the game exists, the seat count fits, the bots exist for it, the options parse. */
export function resolveSim(
  spec: SimSpec,
  lookup: (id: string) => Result<AnyGame, GameError> = findGame,
): Result<ResolvedSim, GameError> {
  const found = checkRun(spec, lookup);
  if (!found.ok) return found;
  const game = found.value;
  let botNames = spec.bots;
  if (botNames.length === 1) botNames = new Array<string>(spec.seats).fill(botNames[0]!);
  if (botNames.length !== spec.seats) {
    return err({
      code: 'bad-bots',
      message: `${spec.bots.length} bots named for ${spec.seats} seats (name one bot for every seat, or one for all)`,
    });
  }
  const bots: Bot[] = [];
  for (const name of botNames) {
    const bot = findBot(game.id, name);
    if (!bot.ok) return bot;
    bots.push(bot.value);
  }
  const options = game.parseOptions(spec.options ?? {}, spec.seats);
  if (!options.ok) return options;
  return ok({ spec, game, botNames, bots });
}

export interface PlayedSimGame {
  result: GameResult;
  record: MatchRecord;
  outcome: Outcome;
  /** The final state's stable hash: what `drey replay --json` prints for this record. */
  finalHash: () => string;
}

/** Plays game `index` of a resolved sim. */
export function playSimGame(sim: ResolvedSim, index: number): Result<PlayedSimGame, GameError> {
  const { spec, game, bots } = sim;
  const seed = gameSeed(spec.seed, index);
  const played = playBotMatch(game, { seats: spec.seats, seed, options: spec.options }, bots, {
    maxSteps: spec.maxSteps ?? 100_000,
  });
  if (!played.ok) {
    return err({ code: played.error.code, message: `game ${index} (seed ${seed}): ${played.error.message}` });
  }
  const { match, outcome } = played.value;
  const result: GameResult = {
    index,
    seed,
    scores: outcome.scores,
    ranks: outcome.ranks,
    winners: outcome.winners,
    rounds: outcome.rounds,
    actions: match.record.actions.length,
  };
  if (outcome.teams) result.teams = outcome.teams;
  if (outcome.stats) result.stats = outcome.stats;
  if (outcome.racers) result.racers = outcome.racers.map(({ name, score, rank }) => ({ name, score, rank }));
  return ok({ result, record: match.record, outcome, finalHash: () => stableHash(match.state) });
}
