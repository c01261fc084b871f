/**
 * One action's work on the publish path (issue 24, item 1), at a 3-seat table of people with a
 * spectator, every page the web's table store: each viewer's view is built once, its history told
 * once, and the pages narrate nothing (before issue 24 each page told every update again).
 */
import { describe, expect, it } from 'vitest';
import { countPublish } from './publish-counts.js';

describe('the publish path, counted per action', () => {
  it('builds each of the four viewers’ views once, tells each history once, and the pages tell nothing', { timeout: 30_000 }, async () => {
    const c = await countPublish();
    expect(c.views).toBeLessThanOrEqual(4);
    expect(c.historySteps).toBe(4);
    // The third choice reveals the cards: the server told sentences, the pages none.
    expect(c.serverSentences).toBeGreaterThan(0);
    expect(c.pageSentences).toBe(0);
    // The action is parsed by the game once and its token looked up once.
    expect(c.parses).toBe(1);
    expect(c.seatLookups).toBe(1);
  });
});
