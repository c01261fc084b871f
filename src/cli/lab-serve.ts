/**
 * `drey lab serve RUN.json`: the report page at `/`, and every game embedded in it opened in
 * Drey's own web replay viewer at `/replay/lab-<id>` — the built web app (dist/web) asks
 * `/api/tables/lab-<id>/replay` as it does for a finished table, and gets the frames rebuilt from
 * the embedded record (server/replays.ts). Nothing is stored; the server only reads the report.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { z } from 'zod';
import type { Viewer } from '../engine/game.js';
import { replay } from '../engine/match.js';
import type { AnyGamePackage } from '../games/package.js';
import { PACKAGE_ROOT } from '../server/app.js';
import type { TableSummary } from '../server/protocol.js';
import { replayFramesJson } from '../server/replays.js';
import { seatLabels } from '../server/seat-label.js';
import { labReportHtml, type LabReport } from './lab-html.js';

const params = z.object({ id: z.string().regex(/^lab-[A-Za-z0-9-]{1,80}$/) });
const query = z.object({ viewer: z.union([z.literal('spectator'), z.coerce.number().int().min(1).max(64)]).default('spectator') });

export interface LabServer {
  url: string;
  close(): Promise<void>;
}

/** Serves the report and its replays on host:port (port 0: any free port). */
export async function serveLabReport(
  report: LabReport,
  packages: ReadonlyMap<string, AnyGamePackage>,
  opts: { port: number; host: string; webRoot?: string; playtests?: { report: LabReport; packages: ReadonlyMap<string, AnyGamePackage> } },
): Promise<LabServer> {
  const app = Fastify({ logger: false });
  // The Playtests page: the report itself when it is a playtest report, else the one given beside it.
  const playtests = report.kind === 'playtests' ? { report, packages } : opts.playtests;
  const playtestsHtml = playtests ? labReportHtml(playtests.report, (name) => playtests.packages.get(name)) : undefined;
  const html = report.kind === 'playtests' ? playtestsHtml! : labReportHtml(report, (name) => packages.get(name)).replace(/(<\/h1>)/, playtests ? '$1<p><a href="/playtests">Playtests</a> of this game, beside the bots</p>' : '$1');
  const webRoot = opts.webRoot ?? join(PACKAGE_ROOT, 'dist', 'web');
  const hasWeb = existsSync(join(webRoot, 'index.html'));
  const entries = [...report.replays.map((r) => ({ r, packages })), ...(playtests && playtests.report !== report ? playtests.report.replays.map((r) => ({ r, packages: playtests.packages })) : [])];
  const byId = new Map(entries.map((e) => [`lab-${e.r.id}`, e]));

  app.get('/', (_req, reply) => reply.type('text/html; charset=utf-8').send(html));
  if (playtestsHtml !== undefined) app.get('/playtests', (_req, reply) => reply.type('text/html; charset=utf-8').send(playtestsHtml));
  // The web app asks which games the server offers (for titles and variant labels): none are
  // played here, and each replay's table names its game and variant itself. Unanswered, every
  // replay page logged a 404.
  app.get('/api/games', (_req, reply) => reply.send([]));
  app.get('/api/tables/:id/replay', (req, reply) => {
    const p = params.safeParse(req.params);
    const q = query.safeParse(req.query);
    const found = p.success ? byId.get(p.data.id) : undefined;
    if (!found || !q.success) return reply.code(404).send({ code: 'not-found', message: 'no such game in this report' });
    const entry = found.r;
    const pkg = found.packages.get(entry.variant);
    if (!pkg) return reply.code(404).send({ code: 'not-found', message: `this build does not have variant ${entry.variant}'s game` });
    // The game is rebuilt with the variant's own content: a record of other content would not replay.
    const wanted = entry.record.contentHash;
    if (wanted !== undefined && wanted !== pkg.content.hash) {
      return reply.code(409).send({ code: 'wrong-content', message: `game ${entry.index} of ${entry.variant} was played with content ${wanted.slice(0, 12)}, not ${pkg.content.hash.slice(0, 12)}` });
    }
    const viewer: Viewer = q.data.viewer === 'spectator' ? 'spectator' : q.data.viewer - 1;
    if (viewer !== 'spectator' && viewer >= entry.record.seats) return reply.code(400).send({ code: 'bad-seat', message: `there is no seat ${viewer + 1}` });
    const replayed = replay(pkg.game, entry.record);
    if (!replayed.ok) return reply.code(500).send({ code: 'replay-failed', message: 'the record does not replay' });
    const table: TableSummary = {
      id: p.data!.id,
      game: pkg.game.id,
      gameTitle: `${pkg.game.title} — ${entry.variant}, game ${entry.index}`,
      status: 'finished',
      // A playtest's people show as people, by their display names (nothing else is kept).
      seats: entry.lineup.map((name, seat) => (entry.humans?.[seat] ? { kind: 'human', name, connected: false } : { kind: 'bot', bot: name.replace(/^bot /, ''), name: `Seat ${seat + 1} (${name})` })),
      seq: entry.record.actions.length,
      createdAt: new Date(0).toISOString(),
      updatedAt: new Date(0).toISOString(),
      outcome: replayed.value.outcome,
      deal: { kind: 'server', commitment: replayed.value.hash, seed: entry.seed },
      // Replays of the lab: no clock.
      time: 'none',
    };
    // The lines are told here, in Node, by the server's narration code, named as the page names the seats.
    const frames = replayFramesJson(pkg, { record: entry.record, viewer, names: seatLabels(table.seats) });
    if (!frames.ok) return reply.code(500).send({ code: 'replay-failed', message: frames.error.message });
    const head = JSON.stringify({ table, viewer, record: entry.record });
    return reply.type('application/json; charset=utf-8').send(`${head.slice(0, -1)},"frames":${frames.value}}`);
  });
  if (hasWeb) await app.register(fastifyStatic, { root: webRoot, wildcard: true, index: false });
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && hasWeb && req.url.startsWith('/replay/')) return reply.type('text/html; charset=utf-8').sendFile('index.html');
    if (req.url.startsWith('/replay/')) return reply.code(404).type('text/plain').send('the web app is not built: run npm run build to open replays in the viewer');
    return reply.code(404).send({ code: 'not-found', message: `no route ${req.method} ${req.url.split('?')[0] ?? ''}` });
  });
  const address = await app.listen({ port: opts.port, host: opts.host });
  return { url: address, close: () => app.close() };
}
