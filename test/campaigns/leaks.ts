/**
 * The leak check over the wire: real games played by socket.io clients (two people, a bot, a
 * spectator); every message each client received is compared with what that viewer may know,
 * rebuilt from the table's event log: its view of the true state at that move, its legal actions,
 * its narrated lines exactly what the game's narrator tells from this viewer's own views (a game
 * without a narrator: other seats' log lines only as "… has played.") and no seed while the game runs. `findLeaks` is the
 * detector; a planted leak (another seat's view in one message) must be caught every time.
 */
import { isDeepStrictEqual } from 'node:util';
import type { AnyGame, Viewer } from '../../src/engine/game.js';
import { matchFromRecord, type Match, type MatchRecord } from '../../src/engine/match.js';
import { BUILTINS, listGames } from '../../src/games/index.js';
import { createDreyServer } from '../../src/server/app.js';
import { createInlineRunner } from '../../src/server/bots/pool.js';
import type { ActAck, ClaimSeatResponse, CreateTableResponse, SnapshotMessage, TableFrame, UpdateMessage } from '../../src/server/protocol.js';
import { logEnd, readOn, type AnyNarrator } from '../../src/engine/narration.js';
import { isUndoAction } from '../../src/engine/match.js';
import { seatLabels } from '../../src/server/seat-label.js';
import { openSqliteStore } from '../../src/server/storage/sqlite.js';
import type { Store } from '../../src/server/storage/types.js';
import { request, sleep, socketTo } from './lib.js';

export interface Received {
  viewer: Viewer;
  message: SnapshotMessage | UpdateMessage;
}

/** JSON's idea of a value: what a client can have received. */
const wire = (x: unknown): unknown => (x === undefined ? undefined : JSON.parse(JSON.stringify(x)));

/** Every way `received` tells a viewer more than its view of the true state (from `record`). */
export function findLeaks(game: AnyGame, record: MatchRecord, received: readonly Received[], narrator?: AnyNarrator): string[] {
  const at: Match[] = [];
  const keep = (m: Match): void => {
    at[m.record.actions.length] = { ...m, state: game.clone(m.state) };
  };
  const rebuilt = matchFromRecord(game, record, { start: keep, step: (_s, m) => keep(m) });
  if (!rebuilt.ok) return [`the record does not replay: ${rebuilt.error.message}`];
  const leaks: string[] = [];
  for (const { viewer, message: f } of received) {
    const m = at[f.seq];
    const where = `${String(viewer)} at move ${f.seq}`;
    if (!m) {
      leaks.push(`${where}: a frame for a move the log does not have`);
      continue;
    }
    if (!isDeepStrictEqual(f.view, wire(game.view(m.state, viewer)))) leaks.push(`${where}: the view is not this viewer's view`);
    const you = viewer === 'spectator' ? null : viewer;
    const legal = you !== null && f.status === 'running' && game.toAct(m.state).includes(you) ? wire(game.legalActions(m.state, you)) : [];
    if (!isDeepStrictEqual(f.legal, legal)) leaks.push(`${where}: legal actions that are not this viewer's`);
    if (f.status !== 'finished' && f.deal.seed !== null) leaks.push(`${where}: the seed before the game is over`);
    const lines = 'lines' in f ? f.lines : (f.narration?.lines ?? []);
    if (!narrator) {
      for (const e of lines) {
        if (f.status !== 'finished' && e.seat !== null && e.seat !== you && !/ (has (played|chosen)|took back a step)\.$/.test(e.text)) leaks.push(`${where}: seat ${e.seat + 1}'s log line in full: ${e.text}`);
      }
    } else if ('lines' in f && f.seq > 0 && f.lines.length > 0 && at[f.seq - 1]) {
      // A step's lines: what the narrator tells this viewer from its views before and after the step.
      const context = { viewer, names: seatLabels(f.seats) };
      const from = logEnd(narrator.log(game.view(at[f.seq - 1]!.state, viewer)));
      const told = readOn(narrator, game.view(m.state, viewer), from, context).lines;
      const undo = isUndoAction(record.actions[f.seq - 1]?.action);
      const got = f.lines.slice(undo ? 1 : 0).map((l) => l.text);
      if (!isDeepStrictEqual(got, told)) leaks.push(`${where}: lines that are not this viewer's: ${got.join(' / ')}`);
    }
  }
  return leaks;
}

export interface LeakFigures {
  games: number;
  messages: number;
  leaks: string[];
  plantedCaught: number;
  planted: number;
}

/** The record of a stored table, as `drey replay` would read it. */
async function recordOf(store: Store, id: string): Promise<MatchRecord> {
  const t = (await store.getTable(id))!;
  const actions = await store.getActions(id);
  return { game: t.game, seats: t.seats.length, seed: t.seed, options: t.options, ...(t.arrangement === undefined ? {} : { arrangement: t.arrangement }), actions: actions.map(({ seat, action }) => ({ seat, action })) };
}

/** A client that records every frame and plays a random legal action whenever it may. */
function player(url: string, tableId: string, viewer: Viewer, token: string | undefined, received: Received[], rand: () => number) {
  const socket = socketTo(url);
  let acted = -1;
  let latest = -1;
  const onFrame = (f: TableFrame & (SnapshotMessage | UpdateMessage)): void => {
    received.push({ viewer, message: f });
    if (f.seq < latest) return;
    latest = f.seq;
    if (!token || f.legal.length === 0 || acted === f.seq) return;
    acted = f.seq;
    socket.emit('act', { tableId, token, seq: f.seq, action: f.legal[Math.floor(rand() * f.legal.length)] }, (_ack: ActAck) => undefined);
  };
  socket.on('snapshot', onFrame);
  socket.on('update', onFrame);
  socket.on('connect', () => socket.emit('watch', { tableId, ...(token ? { token } : {}) }));
  return socket;
}

export async function leakCampaign(opts: { gamesPerKind: number; secondsPerGame: number; planted: number }): Promise<LeakFigures> {
  const games: readonly AnyGame[] = listGames();
  const store = openSqliteStore(':memory:');
  const server = await createDreyServer({ store, registry: BUILTINS, bots: createInlineRunner(BUILTINS), botDelayMs: 0, webRoot: '/nonexistent', limits: { tablesPerMinute: 1e6, seatsPerMinute: 1e6 } });
  const { url } = await server.listen(0, '127.0.0.1');
  let seed = 15;
  const rand = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const figures: LeakFigures = { games: 0, messages: 0, leaks: [], plantedCaught: 0, planted: 0 };
  try {
    const played: { game: AnyGame; id: string; received: Received[] }[] = [];
    for (const game of games) {
      for (let g = 0; g < opts.gamesPerKind; g++) {
        const created = (await request<CreateTableResponse>(`${url}/api/tables`, { body: { game: game.id, seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'easy' }], join: { seat: 0, name: 'Ann' } } })).body;
        const id = created.table.id;
        const bo = (await request<ClaimSeatResponse>(`${url}/api/tables/${id}/seats/2`, { body: { name: 'Bo' } })).body;
        const received: Received[] = [];
        const sockets = [player(url, id, 0, created.seat!.token, received, rand), player(url, id, 1, bo.token, received, rand), player(url, id, 'spectator', undefined, received, rand)];
        const until = performance.now() + opts.secondsPerGame * 1000;
        while (performance.now() < until && (await server.service.summary(id))?.status !== 'finished') await sleep(50);
        for (const s of sockets) s.close();
        await sleep(50);
        played.push({ game, id, received });
      }
    }
    for (const { game, id, received } of played) {
      const record = await recordOf(store, id);
      figures.games++;
      figures.messages += received.length;
      figures.leaks.push(...findLeaks(game, record, received, BUILTINS.get(game.id)?.narrator).map((l) => `${game.id} ${id}: ${l}`));
      // Planted leaks: one message of seat 1 carries seat 2's view (where they differ): caught?
      const candidates = received.filter((r) => r.viewer === 0);
      for (let p = 0; p < Math.ceil(opts.planted / played.length) && candidates.length > 0; p++) {
        const victim = candidates[Math.floor(rand() * candidates.length)]!;
        const other = received.find((r) => r.viewer === 1 && r.message.seq === victim.message.seq && !isDeepStrictEqual(r.message.view, victim.message.view));
        if (!other) continue;
        const tampered = received.map((r) => (r === victim ? { ...r, message: { ...r.message, view: other.message.view } } : r));
        figures.planted++;
        if (findLeaks(game, record, tampered, BUILTINS.get(game.id)?.narrator).length > 0) figures.plantedCaught++;
      }
    }
    return figures;
  } finally {
    await server.close();
  }
}
