import { describe, expect, it } from 'vitest';
import { createMatch, createRng } from '../engine/index.js';
import { getGame, listGames } from '../games/index.js';
import { findBot, listBots } from './index.js';
import { LEVELS } from './levels.js';
import { botInput } from './play.js';

describe('bot levels in the registry', () => {
  it('offers easy, medium, hard and ismcts for every game, by the names the CLI and lobby use', () => {
    for (const game of listGames()) {
      const names = listBots(game.id).map((b) => b.name);
      for (const level of [...LEVELS, 'ismcts']) expect(names).toContain(level);
    }
  });

  it('easy is the heuristic: the same decisions for the same generator', () => {
    const game = getGame('autumn-leaves')!;
    const created = createMatch(game, { seats: 4, seed: 'lv' });
    if (!created.ok) throw new Error(created.error.message);
    const easy = findBot(game.id, 'easy');
    const heuristic = findBot(game.id, 'heuristic');
    if (!easy.ok || !heuristic.ok) throw new Error('missing bot');
    for (let seat = 0; seat < 4; seat++) {
      const a = easy.value(botInput(game, created.value.state, seat, createRng(`s${seat}`)));
      const b = heuristic.value(botInput(game, created.value.state, seat, createRng(`s${seat}`)));
      expect(a).toEqual(b);
    }
  });

  it('takes an ismcts budget in iterations or milliseconds and explains a bad one', () => {
    expect(findBot('autumn-leaves', 'ismcts:2000').ok).toBe(true);
    expect(findBot('autumn-leaves', 'ismcts:150ms').ok).toBe(true);
    const bad = findBot('autumn-leaves', 'ismcts:lots');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toMatch(/does not understand 'lots'.*iterations/);
    const noParam = findBot('autumn-leaves', 'hard:9000');
    expect(noParam.ok).toBe(false);
    if (!noParam.ok) expect(noParam.error.message).toMatch(/takes nothing after a colon/);
    const unknown = findBot('autumn-leaves', 'grandmaster');
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error.message).toMatch(/bots: random, heuristic, easy, medium, hard, ismcts/);
  });
});
