/**
 * The HTTP API (lobby, tables, seats, replays, rules pages) as a Fastify plugin. Bodies are
 * parsed with the zod schemas of protocol.ts inside the service; every error is a JSON value
 * { error: { code, message } } with a fitting status code.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Viewer } from '../engine/game.js';
import type { ErrorCode, ProtocolError } from './protocol.js';
import { TableIdSchema } from './protocol.js';
import type { Outcome, TableService } from './service.js';

const STATUS: Record<ErrorCode, number> = {
  'bad-request': 400,
  'unknown-table': 404,
  'unknown-game': 404,
  'unknown-bot': 400,
  'bad-options': 400,
  'bad-seats': 400,
  'bad-token': 403,
  'seat-taken': 409,
  'not-a-seat': 400,
  'table-not-running': 409,
  'not-finished': 409,
  'malformed-action': 400,
  'bad-seat': 400,
  'game-over': 409,
  'not-your-turn': 409,
  'illegal-action': 409,
  'storage-error': 500,
  'internal-error': 500,
};

export const sendError = (reply: FastifyReply, error: ProtocolError): FastifyReply =>
  reply.code(STATUS[error.code]).send({ error });

function answer<T>(reply: FastifyReply, result: Outcome<T>, okStatus = 200): FastifyReply {
  return result.ok ? reply.code(okStatus).send(result.value) : sendError(reply, result.error);
}

const TableParams = z.object({ id: TableIdSchema });
const SeatParams = z.object({ id: TableIdSchema, seat: z.coerce.number().int().min(1).max(64) });
const ReplayQuery = z.object({ viewer: z.union([z.literal('spectator'), z.coerce.number().int().min(1).max(64)]).default('spectator') });
const GameParams = z.object({ game: z.string().regex(/^[a-z0-9-]{1,40}$/) });

const badRequest = (reply: FastifyReply, issues: { message: string }[]): FastifyReply =>
  sendError(reply, { code: 'bad-request', message: issues.map((i) => i.message).join('; ') });

export interface HttpOptions {
  service: TableService;
  /** The rules page of a game as Markdown, or undefined when it has none. */
  rules: (gameId: string) => Promise<string | undefined>;
}

export async function registerApi(app: FastifyInstance, { service, rules }: HttpOptions): Promise<void> {
  app.get('/api/health', async () => ({ ok: true }));

  app.get('/api/games', async () => service.games());

  app.get('/api/games/:game/rules', async (req, reply) => {
    const p = GameParams.safeParse(req.params);
    if (!p.success || !service.game(p.data.game)) {
      return sendError(reply, { code: 'unknown-game', message: 'there is no such game' });
    }
    const text = await rules(p.data.game);
    if (text === undefined) return sendError(reply, { code: 'unknown-game', message: `${p.data.game} has no rules page yet` });
    return reply.type('text/markdown; charset=utf-8').send(text);
  });

  app.get('/api/tables', async () => service.list());

  app.post('/api/tables', async (req, reply) => answer(reply, await service.create(req.body), 201));

  app.get('/api/tables/:id', async (req, reply) => {
    const p = TableParams.safeParse(req.params);
    if (!p.success) return badRequest(reply, p.error.issues);
    const summary = await service.summary(p.data.id);
    if (!summary) return sendError(reply, { code: 'unknown-table', message: `there is no table ${p.data.id}` });
    return summary;
  });

  // Seats are numbered from 1 in URLs, as people count them (invite links show them).
  app.post('/api/tables/:id/seats/:seat', async (req, reply) => {
    const p = SeatParams.safeParse(req.params);
    if (!p.success) return badRequest(reply, p.error.issues);
    return answer(reply, await service.claim(p.data.id, p.data.seat - 1, req.body));
  });

  app.get('/api/tables/:id/replay', async (req, reply) => {
    const p = TableParams.safeParse(req.params);
    const q = ReplayQuery.safeParse(req.query);
    if (!p.success) return badRequest(reply, p.error.issues);
    if (!q.success) return badRequest(reply, q.error.issues);
    const viewer: Viewer = q.data.viewer === 'spectator' ? 'spectator' : q.data.viewer - 1;
    return answer(reply, await service.replay(p.data.id, viewer));
  });
}
