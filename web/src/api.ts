/** The HTTP API, typed with the server's protocol types. Errors come back as values. */
import type {
  ClaimSeatResponse,
  NewSeatLinkResponse,
  CreateTableRequest,
  CreateTableResponse,
  FeedbackResponse,
  GameContentResponse,
  GameInfo,
  ProtocolError,
  ReplayResponse,
  TableSummary,
} from '../../src/server/protocol.js';
import type { PlaytestFeedback } from '../../src/server/playtest.js';

export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ProtocolError };

/**
 * A refused display name's reason without the request field's path: the server says
 * "join.name: a name may not …" for API clients, and a person typed it into the one name box.
 */
function forPeople(error: ProtocolError): ProtocolError {
  return error.code === 'bad-request' ? { ...error, message: error.message.replace(/^(?:join\.)?name: /, '') } : error;
}

async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<ApiResult<T>> {
  try {
    const res = await fetch(url, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const type = res.headers.get('content-type') ?? '';
    const data: unknown = type.includes('json') ? await res.json() : await res.text();
    if (res.ok) return { ok: true, value: data as T };
    const error = (data as { error?: ProtocolError }).error;
    if (error) return { ok: false, error: forPeople(error) };
    return { ok: false, error: { code: res.status >= 500 ? 'internal-error' : 'bad-request', message: `the server answered ${res.status}` } };
  } catch (e) {
    return { ok: false, error: { code: 'unreachable', message: `cannot reach the server (${e instanceof Error ? e.message : String(e)})` } };
  }
}

export const api = {
  games: () => call<GameInfo[]>('GET', '/api/games'),
  tables: () => call<TableSummary[]>('GET', '/api/tables'),
  /** One page of one status, after the table `before` (the last of the previous page). */
  tablesPage: (status: TableSummary['status'], before: string, limit = 50) =>
    call<TableSummary[]>('GET', `/api/tables?status=${status}&limit=${limit}&before=${encodeURIComponent(before)}`),
  table: (id: string) => call<TableSummary>('GET', `/api/tables/${encodeURIComponent(id)}`),
  create: (req: CreateTableRequest) => call<CreateTableResponse>('POST', '/api/tables', req),
  /** `seat` is 0-based here; URLs count from 1. */
  claim: (id: string, seat: number, name: string) =>
    call<ClaimSeatResponse>('POST', `/api/tables/${encodeURIComponent(id)}/seats/${seat + 1}`, { name }),
  /** The creator's powers (docs/protocol.md): a new link for a seat, or a bot for an absent seat. */
  newSeatLink: (id: string, seat: number, creatorToken: string) =>
    call<NewSeatLinkResponse>('POST', `/api/tables/${encodeURIComponent(id)}/seats/${seat + 1}/new-link`, { creatorToken }),
  handToBot: (id: string, seat: number, creatorToken: string) =>
    call<{ seat: number }>('POST', `/api/tables/${encodeURIComponent(id)}/seats/${seat + 1}/bot`, { creatorToken }),
  /** The creator opens a rematch seat kept for a player who has not come (anyone may take it then). */
  openSeat: (id: string, seat: number, creatorToken: string) =>
    call<{ seat: number }>('POST', `/api/tables/${encodeURIComponent(id)}/seats/${seat + 1}/open`, { creatorToken }),
  /** Takes a seat back from the bot that plays it. */
  back: (id: string, token: string) => call<{ seat: number }>('POST', `/api/tables/${encodeURIComponent(id)}/back`, { token }),
  /** A player's feedback after a playtest (sent again, it replaces the last), and what their seat sent so far. */
  sendFeedback: (id: string, token: string, feedback: PlaytestFeedback) =>
    call<FeedbackResponse>('POST', `/api/tables/${encodeURIComponent(id)}/feedback`, { token, feedback }),
  myFeedback: (id: string, token: string) => call<FeedbackResponse>('POST', `/api/tables/${encodeURIComponent(id)}/feedback/mine`, { token }),
  replay: (id: string, viewer: number | 'spectator') =>
    call<ReplayResponse>('GET', `/api/tables/${encodeURIComponent(id)}/replay?viewer=${viewer === 'spectator' ? viewer : viewer + 1}`),
  /** The content files the server plays a game with (a variant's, `drey serve --content`). */
  gameContent: (game: string) => call<GameContentResponse>('GET', `/api/games/${encodeURIComponent(game)}/content`),
  rules: (game: string) => call<string>('GET', `/api/games/${encodeURIComponent(game)}/rules`),
};
