/** Issue 15, item 2 as a campaign: one address cannot hold the server's connections, and slow requests are closed. */
import { describe, expect, it } from 'vitest';
import { connectionFlood } from './connection-flood.js';

describe('the connection-flood attack', () => {
  it('caps connections per address, closes slow requests and silent connections, and an honest player from elsewhere keeps playing', async () => {
    const f = await connectionFlood({ idle: 300, sockets: 40, slow: 20, perAddress: 50, requestTimeoutMs: 1_000, seconds: 3 });
    // 50 per address in all: idle sockets hold at most that many of the server's descriptors; no
    // socket.io client gets in past them.
    expect(f.idleOpen).toBeLessThanOrEqual(50);
    // Issue 24: a connection that never sends a byte is closed once the request timeout (1 s here)
    // has passed, so by the end of the attack none that connected over 2 s before is left (before:
    // 50 stayed for good). A SYN the kernel refused under load connects a second or more late.
    expect(f.idleStillOpen).toBe(0);
    expect(f.serverFdsDuringFlood - f.serverFdsBefore).toBeLessThanOrEqual(50 + 5);
    expect(f.socketsConnected).toBe(0);
    expect(f.slowStillOpenAfterTimeout).toBe(0);
    expect(f.honestBotMoves).toBeGreaterThanOrEqual(3);
    expect(f.honestActions).toBeGreaterThanOrEqual(1);
    // p90 here: on a shared CI machine the few slowest samples are the test process's own stalls;
    // bench/campaigns.ts runs longer and prints p99.
    expect(f.honestP90Ms).toBeLessThan(100);
  });
});
