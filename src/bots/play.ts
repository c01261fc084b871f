/** Playing whole matches with bots in every seat: what sims, tournaments and tests share. */
import type { Bot, BotInput } from '../engine/bot.js';
import type { ActionBase, AnyGame, Outcome, Seat } from '../engine/game.js';
import { createMatch, listLegal, playLegal, type Match, type MatchConfig } from '../engine/match.js';
import type { GameError, Result } from '../engine/result.js';
import { err, ok } from '../engine/result.js';
import { createRng, type Rng } from '../engine/rng.js';

/**
 * What a bot in `seat` is given: its view, its legal actions and a determinizer, never the state.
 * `legal` may be passed when the caller has just listed them (it must be the game's list for this
 * state: the bot's answer, one of its elements, is the handle the caller plays).
 */
export function botInput(game: AnyGame, state: unknown, seat: Seat, rng: Rng, legal?: readonly ActionBase[]): BotInput {
  return {
    game,
    seat,
    view: game.view(state, seat),
    legal: legal ?? game.legalActions(state, seat),
    rng,
    determinize: (r: Rng) => game.resample(state, seat, r),
  };
}

export interface BotMatchResult {
  match: Match;
  outcome: Outcome;
}

export interface BotMatchOptions {
  /** A match longer than this many actions is an error (a bot or rules bug). */
  maxSteps?: number;
  /** The bots' generators derive from this seed (default: the match's seed). */
  botSeed?: string;
  /** Sees the state after every action (the lab counts rule gaps with it); must not change it. */
  onStep?: (state: unknown) => void;
}

/**
 * Plays a match to its end with `bots[seat]` in each seat. Seats that act simultaneously act in
 * seat order (their choices are hidden from each other, so the order cannot matter).
 */
export function playBotMatch(
  game: AnyGame,
  config: MatchConfig,
  bots: readonly Bot[],
  opts: BotMatchOptions = {},
): Result<BotMatchResult, GameError> {
  const created = createMatch(game, config);
  if (!created.ok) return created;
  return playBots(created.value, bots, opts);
}

/**
 * Plays `match` on to its end with `bots[seat]` in each seat. Each step lists the seat's legal
 * actions once and plays the bot's answer by handle (`playLegal`): no parsing, no second listing,
 * no key matching, no description. A bot that answers with anything but an element of
 * `input.legal` is an error that names the seat.
 */
export function playBots(match: Match, bots: readonly Bot[], opts: BotMatchOptions = {}): Result<BotMatchResult, GameError> {
  const { game } = match;
  const rngs = bots.map((_, seat) => createRng(`bot:${opts.botSeed ?? match.record.seed}:${seat}`));
  const maxSteps = opts.maxSteps ?? 1_000_000;
  for (let step = 0; step < maxSteps; step++) {
    // Who acts now, as the last step yielded it (engine/step.ts): the game is not asked again.
    const toAct = match.toAct;
    if (toAct.length === 0) break;
    const seat = toAct[0]!;
    const bot = bots[seat];
    if (!bot) return err({ code: 'no-bot', message: `no bot for seat ${seat}` });
    const legal = listLegal(match, seat);
    const action = bot(botInput(game, match.state, seat, rngs[seat]!, legal.actions));
    const played = playLegal(legal, action);
    if (!played.ok) {
      return err({ code: 'bot-error', message: `the bot in seat ${seat} chose a refused action: ${played.error.message}` });
    }
    opts.onStep?.(match.state);
  }
  const { outcome } = match;
  if (!outcome) return err({ code: 'too-long', message: `the match did not end within ${maxSteps} actions` });
  return ok({ match, outcome });
}
