/**
 * Table operations are declared records (issue 24, item 1): the forwarding schema, the socket
 * events and the HTTP routes all come from table-ops.ts, so an operation is written once.
 */
import { describe, expect, it } from 'vitest';
import { CLIENT_EVENTS } from '../src/server/protocol.js';
import { OP_RECORDS, TABLE_OPS, TableOpSchema } from '../src/server/table-ops.js';
import { makeServer } from './server-helpers.js';

const TABLE = 'abcdefghijkl';
const TOKEN = 'A'.repeat(43);

describe('table operations as records', () => {
  it('forwards every operation by its own record’s schema and refuses what no record takes', () => {
    const samples: Record<keyof typeof TABLE_OPS, Record<string, unknown>> = {
      act: { token: TOKEN, action: { type: 'pick', n: 1 }, chosenAt: 0 },
      claim: { seat: 1, req: { name: 'Bo' } },
      watch: {},
      sync: { seat: null },
      presence: { seat: 0, delta: -1 },
      summary: {},
      reclaim: { token: TOKEN },
      'new-link': { seat: 1, creatorToken: TOKEN },
      'hand-to-bot': { seat: 1, creatorToken: TOKEN },
      'open-seat': { seat: 1, creatorToken: TOKEN },
      undo: { token: TOKEN, step: 2 },
      say: { token: TOKEN, text: 'hello' },
      rematch: { token: TOKEN },
    };
    for (const [op, input] of Object.entries(samples)) {
      const parsed = TableOpSchema.safeParse({ op, tableId: TABLE, ...input });
      expect(parsed.success, op).toBe(true);
    }
    expect(TableOpSchema.safeParse({ op: 'undo', tableId: TABLE, token: TOKEN, step: 0 }).success).toBe(false);
    expect(TableOpSchema.safeParse({ op: 'drop-table', tableId: TABLE }).success).toBe(false);
  });

  it('every client event but watching is a record’s, and the server answers each from its record', async () => {
    const recorded = OP_RECORDS.flatMap((r) => (r.socket ? [r.socket.event] : []));
    const own = [CLIENT_EVENTS.watch, CLIENT_EVENTS.sync, CLIENT_EVENTS.leave];
    expect([...recorded].sort()).toEqual(Object.values(CLIENT_EVENTS).filter((e) => !own.includes(e as never)).sort());
    // Every HTTP spec is a route the server answers (an unknown table: 404 from the operation, not the router).
    const server = await makeServer();
    try {
      for (const r of OP_RECORDS) {
        if (!r.http) continue;
        const url = r.http.url.replace(':id', TABLE).replace(':seat', '2');
        const res = await server.app.inject({ method: r.http.method, url, ...(r.http.method === 'POST' ? { payload: { name: 'Bo', token: TOKEN, creatorToken: TOKEN } } : {}) });
        expect(res.json<{ error: { code: string } }>().error.code, `${r.op} ${url}`).toBe('unknown-table');
      }
    } finally {
      await server.close();
    }
  });

  it('a route keeps its record’s rate limit: the seat routes share the seats-per-minute limit', async () => {
    const server = await makeServer({ limits: { seatsPerMinute: 2 } });
    try {
      const claim = () => server.app.inject({ method: 'POST', url: `/api/tables/${TABLE}/seats/2`, payload: { name: 'Bo' } });
      expect((await claim()).statusCode).toBe(404);
      expect((await claim()).statusCode).toBe(404);
      expect((await claim()).statusCode).toBe(429);
      // The summary has no such limit.
      expect((await server.app.inject({ method: 'GET', url: `/api/tables/${TABLE}` })).statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });
});
