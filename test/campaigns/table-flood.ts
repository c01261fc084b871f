/**
 * The table-flood attack: one address creates tables as fast as it can and claims every free
 * seat it sees, while an honest host (another address) waits for a friend at an open table and
 * an honest player plays a table against easy bots. Figures: tables created and refused, seats
 * sniped and refused, whether the honest open table is still in the lobby, how many open tables
 * are left after the time-to-live, the server's memory, and the honest seat's pace.
 */
import { readFileSync } from 'node:fs';
import type { CreateTableResponse, TableSummary } from '../../src/server/protocol.js';
import { getJson, HONEST, honestFigures, honestSeat, pooled, post, serveProcess, sleep, tableWithAnn, type HonestFigures } from './lib.js';

export interface TableFloodFigures extends HonestFigures {
  createAttempts: number;
  created: number;
  createRefused: number;
  snipeAttempts: number;
  sniped: number;
  snipeRefused: number;
  honestTableInLobby: boolean;
  openTablesAfterTtl: number;
  serverRssMb: number;
}

const rssMb = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

/** Every table of one status, page by page, as a client of the lobby would. */
async function allPages(url: string, status: string): Promise<TableSummary[]> {
  const out: TableSummary[] = [];
  for (let before: string | undefined; ; ) {
    const page = await getJson<TableSummary[]>(`${url}/api/tables?status=${status}&limit=100${before ? `&before=${before}` : ''}`, HONEST);
    out.push(...page);
    if (page.length < 100) return out;
    before = page.at(-1)!.id;
  }
}

export async function tableFlood(opts: { creates: number; honestOpenTables: number; ttlMs: number; seconds: number; tablesPerMinute?: number; seatsPerMinute?: number }): Promise<TableFloodFigures> {
  const run = await serveProcess({
    DREY_DB: ':memory:',
    DREY_BOT_WORKERS: '1',
    DREY_OPEN_TABLE_TTL_MS: String(opts.ttlMs),
    DREY_TABLES_PER_MINUTE: String(opts.tablesPerMinute ?? 10),
    DREY_SEATS_PER_MINUTE: String(opts.seatsPerMinute ?? 10),
  });
  try {
    const { id, token } = await tableWithAnn(run.url, ['easy', 'easy', 'easy'], HONEST);
    const ann = await honestSeat(run.url, id, token, { from: HONEST });
    const hosts: string[] = [];
    for (let i = 0; i < opts.honestOpenTables; i++) {
      // Each honest host is a different address.
      const r = await post<CreateTableResponse>(`${run.url}/api/tables`, { game: 'autumn-leaves', seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'easy' }], join: { seat: 0, name: 'Host' } }, `127.0.1.${i + 1}`);
      if (r.status === 201) hosts.push(r.body.table.id);
    }
    ann.othersMoves = 0;
    ann.latencies.length = 0;

    // As fast as one address may: as many requests at once as its connection limit lets through.
    const snipes = await Promise.all(hosts.map((h) => post(`${run.url}/api/tables/${h}/seats/2`, { name: 'Sniper' })));
    const sniped = snipes.filter((r) => r.status === 200).length;
    const creations = await pooled(opts.creates, 32, () =>
      post(`${run.url}/api/tables`, { game: 'autumn-leaves', seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }] }),
    );
    const created = creations.filter((r) => r.status === 201).length;
    // Every honest table the sniper did not get is still open, and the lobby's pages still list it.
    const lobby = new Set((await allPages(run.url, 'open')).map((t) => t.id));
    const stillOpen = hosts.filter((_, i) => snipes[i]!.status !== 200);
    const honestTableInLobby = stillOpen.length > 0 && stillOpen.every((h) => lobby.has(h));
    const rss = rssMb(run.proc.pid!);
    const until = performance.now() + Math.max(opts.seconds * 1000, opts.ttlMs * 2 + 2_000);
    let openAfter = -1;
    for (const started = performance.now(); performance.now() < until; await sleep(250)) {
      openAfter = (await allPages(run.url, 'open')).length;
      if (openAfter === 0 && performance.now() - started > opts.seconds * 1000) break;
    }
    ann.close();
    return {
      createAttempts: opts.creates,
      created,
      createRefused: creations.filter((r) => r.status === 429).length,
      snipeAttempts: hosts.length,
      sniped,
      snipeRefused: snipes.filter((r) => r.status === 429).length,
      honestTableInLobby,
      openTablesAfterTtl: openAfter,
      serverRssMb: rss,
      ...honestFigures(ann),
    };
  } finally {
    await run.close();
  }
}
