import { describe, expect, it } from 'vitest';
import type { Bot } from '../engine/bot.js';
import type { AnyGame } from '../engine/game.js';
import { createMatch, play, type MatchConfig, type MatchRecord } from '../engine/match.js';
import { createRng } from '../engine/rng.js';
import { listGames } from '../games/index.js';
import { findBot } from './index.js';
import { botInput, playBotMatch } from './play.js';

/** The same bots through the checked door: each answer sent as JSON, parsed and matched by key. */
function playChecked(game: AnyGame, config: MatchConfig, bots: readonly Bot[]): MatchRecord {
  const created = createMatch(game, config);
  if (!created.ok) throw new Error(created.error.message);
  const match = created.value;
  const rngs = bots.map((_, seat) => createRng(`bot:${config.seed}:${seat}`));
  while (game.toAct(match.state).length > 0) {
    const seat = game.toAct(match.state)[0]!;
    const action = bots[seat]!(botInput(game, match.state, seat, rngs[seat]!));
    const played = play(match, seat, JSON.parse(JSON.stringify(action)));
    if (!played.ok) throw new Error(played.error.message);
  }
  return match.record;
}

describe('bot matches play each answer by handle', () => {
  for (const game of listGames()) {
    it(`${game.id}: the same records as the same bots through the checked door`, () => {
      const heuristic = findBot(game.id, 'heuristic');
      const random = findBot(game.id, 'random');
      if (!heuristic.ok || !random.ok) throw new Error('missing bot');
      const seats = Math.max(game.seats.min, 3);
      const bots = Array.from({ length: seats }, (_, s) => (s % 2 === 0 ? heuristic.value : random.value));
      for (const seed of ['h1', 'h2']) {
        const config = { seats, seed };
        const fast = playBotMatch(game, config, bots);
        if (!fast.ok) throw new Error(fast.error.message);
        expect(fast.value.match.record.actions.length).toBeGreaterThan(10);
        expect(JSON.stringify(fast.value.match.record)).toBe(JSON.stringify(playChecked(game, config, bots)));
      }
    });
  }

  it('refuses a bot that answers with a copy of a legal action, naming the seat', () => {
    const game = listGames().find((g) => g.id === 'autumn-leaves')!;
    // A copy equal to a legal action is not a handle: a trusted step plays only the listed objects.
    const copying: Bot = (input) => ({ ...input.legal[0]! });
    const result = playBotMatch(game, { seats: 3, seed: 'copy' }, [copying, copying, copying]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('bot-error');
    expect(result.error.message).toMatch(/^the bot in seat 0 chose a refused action: \{.*\} is not one of the \d+ legal actions listed for seat 0/);
  });
});
