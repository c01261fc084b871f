/**
 * The bot-starvation attack: ask for bots that think for hours (refused), then fill the workers
 * with tables of `hard` bots, while an honest table (Ann and three easy bots) plays on. Figures:
 * what was refused, the honest table's bot moves, and Ann's p99 from sending to seeing her move.
 */
import type { TableSummary } from '../../src/server/protocol.js';
import { getJson, honestFigures, honestSeat, post, serveProcess, sleep, tableWithAnn, type HonestFigures } from './lib.js';

export interface BotStarvationFigures extends HonestFigures {
  refusedRequests: number;
  hostileTables: number;
  hostileMoves: number;
  seconds: number;
}

export async function botStarvation(opts: { hostileTables: number; seconds: number; workers?: number; timeLimitMs?: number }): Promise<BotStarvationFigures> {
  const run = await serveProcess({
    DREY_DB: ':memory:',
    DREY_BOT_WORKERS: String(opts.workers ?? 2),
    DREY_BOT_TIME_LIMIT_MS: String(opts.timeLimitMs ?? 5_000),
  });
  try {
    const { id, token } = await tableWithAnn(run.url, ['easy', 'easy', 'easy']);
    const ann = await honestSeat(run.url, id, token);
    // The honest table is under way (its workers have started) when the attack begins.
    for (let waited = 0; ann.othersMoves === 0 && waited < 30_000; waited += 50) await sleep(50);
    let refused = 0;
    for (let i = 0; i < 2; i++) {
      const r = await post(`${run.url}/api/tables`, { game: 'autumn-leaves', seats: [1, 2, 3, 4].map(() => ({ kind: 'bot', bot: 'ismcts:10000000ms' })) });
      if (r.status === 400) refused++;
    }
    const hostile: string[] = [];
    for (let i = 0; i < opts.hostileTables; i++) {
      const r = await post<{ table: { id: string } }>(`${run.url}/api/tables`, { game: 'autumn-leaves', seats: [1, 2, 3, 4].map(() => ({ kind: 'bot', bot: 'hard' })) });
      if (r.status === 201) hostile.push(r.body.table.id);
    }
    ann.othersMoves = 0;
    ann.latencies.length = 0;
    const t0 = performance.now();
    await sleep(opts.seconds * 1000);
    const seconds = (performance.now() - t0) / 1000;
    ann.close();
    let hostileMoves = 0;
    for (const h of hostile) hostileMoves += (await getJson<TableSummary>(`${run.url}/api/tables/${h}`)).seq;
    return {
      refusedRequests: refused,
      hostileTables: hostile.length,
      hostileMoves,
      ...honestFigures(ann),
      seconds,
    };
  } finally {
    await run.close();
  }
}
