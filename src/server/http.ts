/**
 * The HTTP API (lobby, tables, seats, replays, rules pages) as a Fastify plugin. Each route parses
 * its params, query and body with the zod schemas of protocol.ts before it calls the service,
 * which takes typed input; every error is a JSON value { error: { code, message } } with a fitting
 * status code.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Viewer } from '../engine/game.js';
import { describeZodError } from '../engine/schema.js';
import type { ServerError, ServerErrorCode } from './protocol.js';
import { CreateTableSchema, FeedbackReadSchema, FeedbackRequestSchema, TABLE_STATUSES, TableIdSchema } from './protocol.js';
import type { PlaytestFeedbackDesk } from './playtest-feedback.js';
import type { ServerLimits, TableQuota } from './limits.js';
import type { ServiceResult } from './result.js';
import type { TableService } from './service.js';
import { OP_RECORDS, type TableOp } from './table-ops.js';

const STATUS: Record<ServerErrorCode, number> = {
  'bad-request': 400,
  'not-found': 404,
  forbidden: 403,
  'unknown-table': 404,
  'unknown-content': 409,
  'unknown-game': 404,
  'unknown-bot': 400,
  'bad-options': 400,
  'bad-seats': 400,
  'bad-token': 403,
  'seat-taken': 409,
  'seat-reserved': 409,
  'not-a-seat': 400,
  'table-not-running': 409,
  'not-finished': 409,
  'malformed-action': 400,
  'bad-seat': 400,
  'game-over': 409,
  'not-your-turn': 409,
  'illegal-action': 409,
  'stale-action': 409,
  'no-undo': 409,
  'nothing-to-undo': 409,
  'stale-undo': 409,
  'others-acted': 409,
  'not-your-step': 409,
  'random-draw': 409,
  'turn-over': 409,
  'not-undoable': 409,
  spectator: 403,
  'not-a-playtest': 409,
  'feedback-limit': 429,
  'rate-limited': 429,
  'storage-error': 500,
  'storage-unavailable': 503,
  'table-unavailable': 503,
  'internal-error': 500,
};

export const sendError = (reply: FastifyReply, error: ServerError): FastifyReply =>
  reply.code(STATUS[error.code]).send({ error });

function answer<T>(reply: FastifyReply, result: ServiceResult<T>, okStatus = 200): FastifyReply {
  return result.ok ? reply.code(okStatus).send(result.value) : sendError(reply, result.error);
}

/**
 * Parses one part of a request with its schema: the typed value, or undefined once the request
 * has been answered with a bad-request error.
 */
function parsed<T>(reply: FastifyReply, schema: z.ZodType<T>, input: unknown): T | undefined {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  void sendError(reply, { code: 'bad-request', message: describeZodError(result.error) });
  return undefined;
}

const TableParams = z.object({ id: TableIdSchema });
const SeatParams = z.object({ id: TableIdSchema, seat: z.coerce.number().int().min(1).max(64) });
const ReplayQuery = z.object({ viewer: z.union([z.literal('spectator'), z.coerce.number().int().min(1).max(64)]).default('spectator') });
const LobbyQuery = z.object({
  status: z.enum(TABLE_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  /** The id of the last table of the previous page. */
  before: TableIdSchema.optional(),
});
const GameParams = z.object({ game: z.string().regex(/^[a-z0-9-]{1,40}$/) });

export interface HttpOptions {
  service: TableService;
  limits: Pick<ServerLimits, 'seatsPerMinute'>;
  /** Tables started per address, shared with rematches (realtime.ts). */
  tableQuota: TableQuota;
  /** The rules page of a game as Markdown, or undefined when it has none. */
  rules: (gameId: string) => Promise<string | undefined>;
  /** Players' feedback after a playtest (playtest-feedback.ts). */
  feedback: PlaytestFeedbackDesk;
}

/** A route's rate limit per client address (see limits.ts); past it the answer is 429 `rate-limited`. */
const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: 60_000 } } });

export async function registerApi(app: FastifyInstance, { service, rules, limits, tableQuota, feedback }: HttpOptions): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) =>
      Object.assign(new Error(`too many requests from your address: try again in ${ctx.after}`), { statusCode: ctx.statusCode }),
  });

  app.get('/api/health', async () => ({ ok: true }));

  app.get('/api/games', async () => service.games());

  // The files a browser needs to draw a content variant's cards as the rules use them.
  app.get('/api/games/:game/content', async (req, reply) => {
    const p = GameParams.safeParse(req.params);
    const content = p.success ? service.gameContent(p.data.game) : undefined;
    return content ?? sendError(reply, { code: 'unknown-game', message: 'there is no such game' });
  });

  app.get('/api/games/:game/rules', async (req, reply) => {
    const p = GameParams.safeParse(req.params);
    if (!p.success || !service.game(p.data.game)) {
      return sendError(reply, { code: 'unknown-game', message: 'there is no such game' });
    }
    const text = await rules(p.data.game);
    if (text === undefined) return sendError(reply, { code: 'unknown-game', message: `${p.data.game} has no rules page yet` });
    return reply.type('text/markdown; charset=utf-8').send(text);
  });

  app.get('/api/tables', async (req, reply) => {
    const q = parsed(reply, LobbyQuery, req.query);
    if (!q) return reply;
    return service.list({ ...(q.status ? { status: q.status } : {}), ...(q.limit ? { limit: q.limit } : {}), ...(q.before ? { before: q.before } : {}) });
  });

  app.post('/api/tables', async (req, reply) => {
    // One quota with the rematches started over sockets (limits.ts, TableQuota).
    const allowed = tableQuota.take(req.ip);
    if (!allowed.ok) return sendError(reply, { code: 'rate-limited', message: `too many tables from your address: try again in ${allowed.retryInSeconds} seconds` });
    const body = parsed(reply, CreateTableSchema, req.body);
    return body ? answer(reply, await service.create(body), 201) : reply;
  });

  // The table operations clients reach over HTTP (a table's summary, claiming a seat, the
  // creator's tools, a player's return): one route per record of table-ops.ts, from its HTTP spec.
  for (const record of OP_RECORDS) {
    const spec = record.http;
    if (!spec) continue;
    const namesSeat = spec.url.includes(':seat');
    app.route({
      method: spec.method,
      url: spec.url,
      ...(spec.perMinute === undefined ? {} : perMinute(spec.perMinute === 'seats' ? limits.seatsPerMinute : spec.perMinute)),
      handler: async (req, reply) => {
        const p: { id: string; seat?: number } | undefined = parsed(reply, namesSeat ? SeatParams : TableParams, req.params);
        if (!p) return reply;
        let body: unknown;
        if (spec.body) {
          const b = parsed(reply, spec.body, req.body);
          if (b === undefined) return reply;
          body = b;
        }
        const seat = p.seat === undefined ? undefined : p.seat - 1;
        return answer(reply, await service.performOp({ ...spec.input(seat, body), op: record.op, tableId: p.id } as TableOp));
      },
    });
  }

  // A player's feedback after a playtest (issue 27, playtest-feedback.ts), and what their seat sent so far.
  app.post('/api/tables/:id/feedback', perMinute(30), async (req, reply) => {
    const p = parsed(reply, TableParams, req.params);
    const body = p && parsed(reply, FeedbackRequestSchema, req.body);
    if (!p || !body) return reply;
    return answer(reply, await feedback.send(p.id, body.token, body.feedback));
  });

  app.post('/api/tables/:id/feedback/mine', perMinute(60), async (req, reply) => {
    const p = parsed(reply, TableParams, req.params);
    const body = p && parsed(reply, FeedbackReadSchema, req.body);
    if (!p || !body) return reply;
    return answer(reply, await feedback.mine(p.id, body.token));
  });

  app.get('/api/tables/:id/replay', async (req, reply) => {
    const p = parsed(reply, TableParams, req.params);
    const q = p && parsed(reply, ReplayQuery, req.query);
    if (!p || !q) return reply;
    const viewer: Viewer = q.viewer === 'spectator' ? 'spectator' : q.viewer - 1;
    const replay = await service.replay(p.id, viewer);
    return replay.ok ? reply.type('application/json; charset=utf-8').send(replay.value) : sendError(reply, replay.error);
  });
}
