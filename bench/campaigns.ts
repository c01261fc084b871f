/**
 * The attack campaigns of issue 15, run longer than the tests run them, printing their figures
 * (npm run bench:campaigns, after npm run build: the flood, starvation and kill campaigns start the
 * built server). Pick some with CAMPAIGNS=fuzz,leaks,kills,bots,connections,tables; SCALE
 * multiplies every size (default 1: a few minutes on a 2-core machine).
 */
import { botStarvation } from '../test/campaigns/bot-starvation.js';
import { connectionFlood } from '../test/campaigns/connection-flood.js';
import { fuzz } from '../test/campaigns/fuzz.js';
import { killCampaign } from '../test/campaigns/kills.js';
import { leakCampaign } from '../test/campaigns/leaks.js';
import { tableFlood } from '../test/campaigns/table-flood.js';

const SCALE = Number(process.env.SCALE ?? 1);
const chosen = new Set((process.env.CAMPAIGNS ?? 'fuzz,leaks,kills,bots,connections,tables').split(','));
const n = (x: number): number => Math.max(1, Math.round(x * SCALE));

const campaigns: Record<string, () => Promise<unknown>> = {
  fuzz: () => fuzz({ http: n(3_000), socket: n(5_000), seed: Date.now() % 100_000 }),
  leaks: async () => {
    const f = await leakCampaign({ gamesPerKind: n(3), secondsPerGame: 10, planted: 20 });
    return { ...f, leaks: f.leaks.length, firstLeaks: f.leaks.slice(0, 5) };
  },
  kills: () => killCampaign({ kills: n(100), tables: 4, minMs: 200, maxMs: 1_500 }),
  bots: () => botStarvation({ hostileTables: n(6), seconds: 20 }),
  connections: () => connectionFlood({ idle: n(5_000), sockets: n(500), slow: n(500), perAddress: 64, requestTimeoutMs: 10_000, seconds: 20 }),
  // The time-to-live outlasts the flood: the honest hosts' tables must still be open when the lobby is read.
  tables: () => tableFlood({ creates: n(5_000), honestOpenTables: 20, ttlMs: 30_000, seconds: 20 }),
};

for (const [name, run] of Object.entries(campaigns)) {
  if (!chosen.has(name)) continue;
  const t0 = performance.now();
  const figures = await run();
  console.log(`${name} (${((performance.now() - t0) / 1000).toFixed(1)} s):`, JSON.stringify(figures, (_k, v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? Number(v.toFixed(1)) : v)));
}
process.exit(0);
