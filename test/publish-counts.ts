/**
 * The work one action costs on the publish path (issue 24, item 1), counted at a 3-seat Autumn
 * Leaves table of people with a spectator, every page watching through the web's table store (the
 * browser's code, in Node): the game's view, toAct, outcome and parseAction calls, the histories'
 * steps told and the narrator's sentences on the server and in the pages, token-to-seat lookups.
 * The three seats each choose once (the third choice reveals the cards), so narration is counted
 * over steps that tell nothing and a step that tells a lot; figures are per action.
 * test/server-publish-counts.test.ts holds the figures to; `npx tsx test/publish-counts.ts` prints them.
 */
import { io, type Socket } from 'socket.io-client';
import type { AnyGame, Viewer } from '../src/engine/game.js';
import type { AnyNarrator } from '../src/engine/narration.js';
import { BUILTINS, createRegistry } from '../src/games/index.js';
import { createDreyServer } from '../src/server/app.js';
import { createInlineRunner } from '../src/server/bots/pool.js';
import type { ClaimSeatResponse, CreateTableResponse } from '../src/server/protocol.js';
import { TableService } from '../src/server/service.js';
import { openSqliteStore } from '../src/server/storage/sqlite.js';
import { work } from '../src/server/views.js';
import { createTableStore, type TableStore } from '../web/src/store/table-store.js';

export interface PublishCounts {
  actions: number;
  /** Per action. */
  views: number;
  toAct: number;
  outcome: number;
  parses: number;
  seatLookups: number;
  /** History steps told on the server (one viewer, one step). */
  historySteps: number;
  /** Sentences the server's narrator made. */
  serverSentences: number;
  /** Sentences the pages' own narrator made (the browser narrating again). */
  pageSentences: number;
}

const counts = { views: 0, toAct: 0, outcome: 0, parses: 0, seatLookups: 0, serverSentences: 0, pageSentences: 0 };

const countedNarrator = (n: AnyNarrator, key: 'serverSentences' | 'pageSentences'): AnyNarrator => ({
  log: (view) => n.log(view),
  narrate: (event, context) => (counts[key]++, n.narrate(event, context)),
});

export async function countPublish(): Promise<PublishCounts> {
  const base = BUILTINS.get('autumn-leaves')!;
  const game: AnyGame = base.game;
  const counted: AnyGame = {
    ...game,
    view: (s, v: Viewer) => (counts.views++, game.view(s, v)),
    toAct: (s) => (counts.toAct++, game.toAct(s)),
    outcome: (s) => (counts.outcome++, game.outcome(s)),
    parseAction: (input) => (counts.parses++, game.parseAction(input)),
  };
  const registry = createRegistry([{ ...base, game: counted, narrator: countedNarrator(base.narrator!, 'serverSentences') }]);
  const proto = TableService.prototype as unknown as { seatOf: (...a: unknown[]) => unknown };
  const seatOf = proto.seatOf;
  proto.seatOf = function (this: unknown, ...a: unknown[]) {
    counts.seatLookups++;
    return seatOf.apply(this, a);
  };
  const server = await createDreyServer({ store: openSqliteStore(':memory:'), registry, bots: createInlineRunner(registry), botDelayMs: 0, webRoot: '/nonexistent' });
  const sockets: Socket[] = [];
  const stores: TableStore[] = [];
  try {
    const { url } = await server.listen(0, '127.0.0.1');
    const created = (await server.app.inject({ method: 'POST', url: '/api/tables', payload: { game: 'autumn-leaves', seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: 'Ann' } } })).json<CreateTableResponse>();
    const id = created.table.id;
    const tokens: (string | undefined)[] = [created.seat!.token];
    for (const [seat, name] of [[2, 'Bo'], [3, 'Cy']] as const) {
      tokens.push((await server.app.inject({ method: 'POST', url: `/api/tables/${id}/seats/${seat}`, payload: { name } })).json<ClaimSeatResponse>().token);
    }
    // The pages: what the browser runs. (Before issue 24 the store took the game's narrator and narrated again.)
    const pageNarrator = countedNarrator(base.narrator!, 'pageSentences');
    for (const token of [...tokens, undefined]) {
      const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
      sockets.push(socket);
      const opts = { socket, tableId: id, narratorFor: () => pageNarrator, ...(token === undefined ? {} : { token }) };
      stores.push(createTableStore(opts as Parameters<typeof createTableStore>[0]));
    }
    const until = async (ok: () => boolean): Promise<void> => {
      for (let i = 0; i < 400 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
      if (!ok()) throw new Error('the pages did not catch up');
    };
    await until(() => stores.every((s) => s.getState().frame?.seq === 0 && s.getState().narration !== undefined));
    await new Promise((r) => setTimeout(r, 300)); // presence frames settle
    const before = { ...counts, told: work.narrationsTold };
    for (let seat = 0; seat < 3; seat++) {
      const store = stores[seat]!;
      const frame = store.getState().frame!;
      const ack = await store.act(frame.legal[0]);
      if (!ack.ok) throw new Error(ack.error.message);
      await until(() => stores.every((s) => s.getState().frame?.seq === ack.seq));
    }
    const n = 3;
    const per = (k: keyof typeof counts): number => (counts[k] - before[k]) / n;
    return {
      actions: n,
      views: per('views'),
      toAct: per('toAct'),
      outcome: per('outcome'),
      parses: per('parses'),
      seatLookups: per('seatLookups'),
      historySteps: (work.narrationsTold - before.told) / n,
      serverSentences: per('serverSentences'),
      pageSentences: per('pageSentences'),
    };
  } finally {
    for (const s of stores) s.close();
    for (const s of sockets) s.close();
    await server.close();
    proto.seatOf = seatOf;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  countPublish().then(
    (c) => console.log(JSON.stringify(c)),
    (e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
