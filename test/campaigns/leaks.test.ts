/** The leak check over the wire, bounded: real games, every message checked against the viewer's rebuilt view. */
import { describe, expect, it } from 'vitest';
import { leakCampaign } from './leaks.js';

describe('hidden information over the wire', () => {
  it('no message tells a seat or a spectator more than its view; a planted leak is always caught', async () => {
    const f = await leakCampaign({ gamesPerKind: 1, secondsPerGame: 2, planted: 20 });
    expect(f.games).toBe(3);
    expect(f.messages).toBeGreaterThan(100);
    expect(f.leaks).toEqual([]);
    expect(f.planted).toBeGreaterThanOrEqual(15);
    expect(f.plantedCaught).toBe(f.planted);
  });
});
