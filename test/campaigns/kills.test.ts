/** kill -9 at random moments, a handful of times: no acknowledged action is ever lost. */
import { describe, expect, it } from 'vitest';
import { killCampaign } from './kills.js';

describe('kill -9 at random moments', () => {
  it('loses no acknowledged action, and every table and its bots resume', async () => {
    const f = await killCampaign({ kills: 3, tables: 3, minMs: 400, maxMs: 1_200, ackedPerLife: 8 });
    expect(f.kills).toBe(3);
    expect(f.acknowledged).toBeGreaterThan(20);
    expect(f.lost).toBe(0);
    expect(f.notResumed).toBe(0);
    expect(f.botTableResumed).toBe(true);
  });
});
