/**
 * Issue 15, item 1: live tables seat only named levels; a decision that fails or times out is
 * logged and made by the easy level; a stored table naming another bot plays easy.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BUILTINS } from '../src/games/index.js';
import { createInlineRunner, type BotRunner, type BotTask } from '../src/server/bots/pool.js';
import { TableService } from '../src/server/service.js';
import { openSqliteStore } from '../src/server/storage/sqlite.js';
import type { Store } from '../src/server/storage/types.js';

const inline = createInlineRunner(BUILTINS);
let service: TableService | undefined;
let store: Store | undefined;
afterEach(async () => {
  await service?.close();
  await store?.close();
  service = undefined;
});

function serviceWith(bots: BotRunner, warnings: string[]): TableService {
  store = openSqliteStore(':memory:');
  service = new TableService({ store, registry: BUILTINS, bots, botDelayMs: 0, warn: (m) => warnings.push(m) });
  return service;
}

/** Resolves once the table has at least `n` committed actions. */
async function reaches(s: TableService, id: string, n: number, ms = 10_000): Promise<number> {
  const until = Date.now() + ms;
  for (;;) {
    const seq = (await s.summary(id))?.seq ?? 0;
    if (seq >= n || Date.now() > until) return seq;
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('bots on live tables', () => {
  it('offers and accepts only the named levels; budgets of your choosing are refused', async () => {
    const s = serviceWith(inline, []);
    for (const g of s.games()) expect(g.bots.map((b) => b.name).sort()).toEqual(['easy', 'hard', 'medium', 'random']);
    for (const bot of ['ismcts:10000000ms', 'ismcts:5000', 'heuristic', 'genius']) {
      const r = await s.create({ game: 'autumn-leaves', seats: [{ kind: 'human' }, { kind: 'bot', bot }, { kind: 'bot', bot: 'easy' }] });
      expect(r).toMatchObject({ ok: false, error: { code: 'unknown-bot' } });
      if (!r.ok) expect(r.error.message).toContain('easy, medium, hard, random');
    }
  });

  it('a decision that fails or times out is logged and made by the easy level; the table goes on', async () => {
    const asked: string[] = [];
    const slow: BotRunner = {
      run: (task: BotTask) => {
        asked.push(task.bot);
        return task.bot === 'hard'
          ? Promise.resolve({ ok: false, code: 'timeout', error: 'the task took longer than its limit of 5 ms' })
          : inline.run(task);
      },
      close: async () => {},
    };
    const warnings: string[] = [];
    const s = serviceWith(slow, warnings);
    const r = await s.create({ game: 'autumn-leaves', seats: [{ kind: 'bot', bot: 'hard' }, { kind: 'bot', bot: 'easy' }, { kind: 'bot', bot: 'easy' }] });
    if (!r.ok) throw new Error(r.error.message);
    expect(await reaches(s, r.value.table.id, 12)).toBeGreaterThanOrEqual(12);
    expect(asked.filter((b) => b === 'hard').length).toBeGreaterThan(0);
    expect(warnings.some((w) => /seat 1: the hard bot failed \(timeout: .*\); playing easy instead/.test(w))).toBe(true);
    // Each failed hard decision was made again by easy, not by the first legal action.
    expect(warnings.some((w) => w.includes('first legal action'))).toBe(false);
  });

  it('a stored table that names an unbounded bot plays it as easy (bots move again after a restart)', async () => {
    const warnings: string[] = [];
    const asked: string[] = [];
    const counting: BotRunner = { run: (t) => (asked.push(t.bot), inline.run(t)), close: async () => {} };
    store = openSqliteStore(':memory:');
    const at = new Date().toISOString();
    await store.createTable({
      id: 'hostile-1', game: 'autumn-leaves', seed: 's', options: { hands: 1 }, status: 'running', seq: 0, outcome: null, createdAt: at, updatedAt: at,
      seats: [{ kind: 'bot', bot: 'ismcts:10000000ms' }, { kind: 'bot', bot: 'ismcts:10000000ms' }, { kind: 'bot', bot: 'random' }],
    });
    service = new TableService({ store, registry: BUILTINS, bots: counting, botDelayMs: 0, warn: (m) => warnings.push(m) });
    await service.start();
    expect(await reaches(service, 'hostile-1', 9)).toBeGreaterThanOrEqual(9);
    expect(asked).not.toContain('ismcts:10000000ms');
    expect(asked).toContain('easy');
    expect(warnings.some((w) => w.includes("bot 'ismcts:10000000ms' is not offered on live tables; it plays easy"))).toBe(true);
  });
});
