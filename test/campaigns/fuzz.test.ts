/** The fuzz campaign, bounded: no refusal changes state, no 5xx, every message answered, the server stays up. */
import { describe, expect, it } from 'vitest';
import { fuzz } from './fuzz.js';

describe('fuzzed HTTP requests and socket.io messages', () => {
  it('change nothing when refused, never get a 5xx, are all answered, and leave the server up', async () => {
    const f = await fuzz({ http: 300, socket: 400, seed: 15 });
    expect(f.httpRequests).toBeGreaterThan(250);
    expect(f.socketMessages).toBeGreaterThan(350);
    expect(f.httpRefused).toBeGreaterThan(100);
    expect(f.socketRefused).toBeGreaterThan(300);
    expect(f.http5xx).toBe(0);
    expect(f.unanswered).toBe(0);
    expect(f.refusalsThatChangedState).toBe(0);
    expect(f.serverUp).toBe(true);
  });
});
