/**
 * The lobby: the games, a form to set up a table (seats, bots and their levels, options), and
 * the open, running and finished tables to join, watch or replay.
 */
import { useEffect, useRef, useState } from 'react';
import { optionsObject } from '../../../src/games/options.js';
import type { OptionValue } from '../../../src/games/package.js';
import type { GameInfo, SeatRequest, TableSummary } from '../../../src/server/protocol.js';
import { DealNote } from './Deal.js';
import { api } from '../api.js';
import { gameModule, variantLabel } from '../games/index.js';
import { navigate, tableLink } from '../router.js';
import { heldSeat, keepSeat, savedName, saveName } from '../seats.js';
import { keepCreatorToken } from '../creator.js';
import { defaultProfile, type TimeProfileId } from '../../../src/server/time-profiles.js';
import { profileLabel } from './Clocks.js';
import { MyTables } from './MyTables.js';
import { TimeProfileField } from './TimeProfileField.js';
import { startGuide, hasGuide } from './Guide.js';
import { tableRowState } from '../lobby-rows.js';
import { playtestWords } from '../playtest.js';
import { HowToPlayButton } from './HowToPlay.js';
import { OptionsForm } from './OptionsForm.js';
import { seatLabel } from './TablePage.js';

type SeatChoice = { kind: 'me' } | { kind: 'human' } | { kind: 'bot'; bot: string };

/** The bot levels in one list, weakest first, in words for players (no search jargon). */
const LEVELS: readonly { name: string; words: string }[] = [
  { name: 'easy', words: 'plays a simple, quick strategy: good for a first game' },
  { name: 'medium', words: 'thinks a few moves ahead: a fair opponent' },
  { name: 'hard', words: 'thinks longer and plays to win' },
  { name: 'random', words: 'plays any legal move at random' },
];

/** The server's bots in the order and words of LEVELS (a bot it does not know keeps the server's description, last). */
function botLevels(game: GameInfo): { name: string; words: string }[] {
  const known = LEVELS.filter((l) => game.bots.some((b) => b.name === l.name));
  const other = game.bots.filter((b) => !LEVELS.some((l) => l.name === b.name)).map((b) => ({ name: b.name, words: b.description }));
  return [...known, ...other];
}

/** Why the create button cannot be pressed now, or null when it can. */
function whyNotCreate(busy: boolean, needsName: boolean, name: string): string | null {
  if (busy) return 'Creating the table…';
  if (needsName && name.trim() === '') return 'Type your name first: the other players see it at the table.';
  return null;
}

function CreateTable({ game, onCancel }: { game: GameInfo; onCancel: () => void }) {
  const levels = botLevels(game);
  const defaultBot = levels[0]?.name ?? 'easy';
  const [count, setCount] = useState(Math.min(Math.max(game.seats.min, 4), game.seats.max));
  const [seats, setSeats] = useState<SeatChoice[]>(() =>
    Array.from({ length: game.seats.max }, (_, i) => (i === 0 ? { kind: 'me' } : { kind: 'bot', bot: defaultBot })),
  );
  const [chosen, setChosen] = useState<Record<string, OptionValue>>({});
  const [name, setName] = useState(savedName());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const used = seats.slice(0, count);
  const [time, setTime] = useState<TimeProfileId | null>(null);
  // A designer serving a variant (`drey serve --content`) playtests it: on by default then (issue 27).
  const [playtest, setPlaytest] = useState(game.content.variant !== undefined);
  const clock = time ?? defaultProfile(used.filter((s) => s.kind !== 'bot').length);
  // On a phone the form opens below the game cards: bring it into view.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    // A block body: newer browsers return a promise from scrollIntoView, and an effect may return only a cleanup.
    panel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);
  const mine = used.findIndex((s) => s.kind === 'me');
  const teams = gameModule(game.id).teams?.(optionsObject(game.options, count, chosen), count) ?? null;
  const teamOf = (seat: number): number | null => {
    const k = teams?.findIndex((t) => t.includes(seat)) ?? -1;
    return k >= 0 ? k : null;
  };
  const blocked = whyNotCreate(busy, mine >= 0, name);

  const setSeat = (i: number, choice: SeatChoice): void => {
    setSeats((all) => all.map((s, j) => (j === i ? choice : choice.kind === 'me' && s.kind === 'me' ? { kind: 'human' } : s)));
  };

  const create = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    const req: SeatRequest[] = used.map((s) => (s.kind === 'bot' ? { kind: 'bot', bot: s.bot } : { kind: 'human' }));
    const options = optionsObject(game.options, count, chosen);
    const body = mine >= 0 ? { game: game.id, seats: req, options, join: { seat: mine, name } } : { game: game.id, seats: req, options };
    const r = await api.create({ ...body, time: clock, playtest });
    setBusy(false);
    if (!r.ok) {
      setError(r.error.message);
      return;
    }
    keepCreatorToken(r.value.table.id, r.value.creator.token);
    if (r.value.seat) {
      keepSeat(r.value.table.id, r.value.seat);
      saveName(name.trim());
    }
    navigate(tableLink(r.value.table.id));
  };

  return (
    <section ref={panel} className="panel create" aria-label={`new ${game.title} table`}>
      <h2>New {game.title} table</h2>
      <div className="form-grid">
        <label className="field">
          <span>Players</span>
          <select value={count} onChange={(e) => setCount(Number(e.target.value))} data-testid="seat-count">
            {Array.from({ length: game.seats.max - game.seats.min + 1 }, (_, i) => game.seats.min + i).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <OptionsForm options={game.options} seats={count} chosen={chosen} onChange={setChosen} />
        <TimeProfileField value={clock} onChange={setTime} />
        {mine >= 0 && (
          <label className="field">
            <span>Your name</span>
            <input value={name} maxLength={24} onChange={(e) => setName(e.target.value)} placeholder="Your name" data-testid="create-name" />
          </label>
        )}
      </div>
      <ol className="seat-setup">
        {used.map((s, i) => (
          <li key={i}>
            <span className="seat-no">Seat {i + 1}</span>
            <select
              aria-label={`seat ${i + 1}`}
              data-testid={`seat-kind-${i}`}
              value={s.kind === 'bot' ? `bot:${s.bot}` : s.kind}
              onChange={(e) => {
                const v = e.target.value;
                setSeat(i, v === 'me' ? { kind: 'me' } : v === 'human' ? { kind: 'human' } : { kind: 'bot', bot: v.slice(4) });
              }}
            >
              <option value="me">Me</option>
              <option value="human">A friend (invite link)</option>
              {levels.map((b) => (
                <option key={b.name} value={`bot:${b.name}`}>
                  Bot: {b.name}
                </option>
              ))}
            </select>
            {teamOf(i) !== null && <span className="team-tag">Team {teamOf(i)! + 1}</span>}
          </li>
        ))}
      </ol>
      {teams && (
        <p className="small" data-testid="teams">
          Teams: {teams.map((t, k) => `Team ${k + 1}: seats ${t.map((s) => s + 1).join(' and ')}`).join(' · ')}. Partners share their claims.
        </p>
      )}
      <dl className="bot-levels small" aria-label="bot levels">
        {levels.map((l) => (
          <div key={l.name}>
            <dt>{l.name}</dt>
            <dd>{l.words}</dd>
          </div>
        ))}
      </dl>
      <label className="field inline playtest-choice">
        <input type="checkbox" checked={playtest} onChange={(e) => setPlaytest(e.target.checked)} data-testid="create-playtest" aria-describedby="playtest-help" />
        <span>Playtest</span>
      </label>
      <p id="playtest-help" className="small muted playtest-help">
        {playtestWords(game.content)}: when the game is over, each player is asked a few short questions (fun, length, an unclear rule) for the designer.
      </p>
      {error && <p className="error-text" role="alert">{error}</p>}
      <div className="row">
        <button
          type="button"
          className="btn primary"
          disabled={blocked !== null}
          onClick={() => void create()}
          data-testid="create-table"
          aria-describedby={blocked ? 'create-why' : undefined}
        >
          {mine >= 0 ? 'Create and sit down' : 'Create table'}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        {blocked && (
          <span id="create-why" className="small why-disabled" data-testid="create-why">
            {blocked}
          </span>
        )}
      </div>
    </section>
  );
}

function TableRow({ t }: { t: TableSummary }) {
  const mine = heldSeat(t.id) !== null;
  const row = tableRowState(t, mine);
  const go = (to: string) => (e: React.MouseEvent) => {
    e.preventDefault();
    navigate(to);
  };
  return (
    <li className="table-row" data-testid={`table-${t.id}`}>
      <div>
        <strong>{t.gameTitle}</strong>
        {t.content?.variant !== undefined && <span className="muted small" data-testid="table-variant"> · {variantLabel(t.content)}</span>}{' '}
        <span className={`pill ${t.status}`}>{row.pill}</span>{' '}
        {t.playtest && (
          <>
            <span className="pill playtest" data-testid="table-playtest">
              {playtestWords(t.content)}
            </span>{' '}
          </>
        )}
        {t.deal.kind === 'fixed' && <DealNote deal={t.deal} />}
        <div className="muted small">{t.seats.map((s, i) => seatLabel(s, i)).join(' · ')}{t.time !== 'none' && ` · ${profileLabel(t.time)}`}</div>
      </div>
      <div className="row">
        {t.status === 'finished' ? (
          <a className="btn small" href={`/replay/${t.id}`} onClick={go(`/replay/${t.id}`)}>
            Replay
          </a>
        ) : (
          <a className="btn small primary" href={tableLink(t.id)} onClick={go(tableLink(t.id))}>
            {row.action}
          </a>
        )}
      </div>
    </li>
  );
}

type Status = TableSummary['status'];
/** How many tables of each status GET /api/tables answers with (docs/protocol.md), and the page size after. */
const FIRST_PAGE: Record<Status, number> = { open: 50, running: 50, finished: 30 };
const PAGE = 50;
const NO_MORE: Record<Status, { tables: TableSummary[]; done: boolean }> = {
  open: { tables: [], done: false },
  running: { tables: [], done: false },
  finished: { tables: [], done: false },
};

export function Lobby() {
  const [games, setGames] = useState<GameInfo[]>([]);
  const [tables, setTables] = useState<TableSummary[]>([]);
  const [creating, setCreating] = useState<GameInfo | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void api.games().then((r) => (r.ok ? setGames(r.value) : setError(r.error.message)));
    const load = (): void => void api.tables().then((r) => r.ok && setTables(r.value));
    load();
    const timer = setInterval(load, 4000);
    return () => clearInterval(timer);
  }, []);

  // The lobby's first answer holds the newest tables of each status (FIRST_PAGE); older ones come
  // a page at a time, so a flood of new tables cannot push a real one out of reach.
  const [more, setMore] = useState<Record<Status, { tables: TableSummary[]; done: boolean }>>(NO_MORE);
  const showMore = (status: Status, shown: readonly TableSummary[]): void => {
    const last = shown.at(-1);
    if (!last) return;
    void api.tablesPage(status, last.id, PAGE).then((r) => {
      if (!r.ok) return setError(r.error.message);
      setMore((m) => ({ ...m, [status]: { tables: [...m[status].tables, ...r.value], done: r.value.length < PAGE } }));
    });
  };
  const groups: [string, Status][] = [
    ['Open tables', 'open'],
    ['Playing now', 'running'],
    ['Finished', 'finished'],
  ];

  return (
    <main className="page lobby">
      <header className="hero">
        <h1>
          <svg className="logo" viewBox="0 0 32 32" width="40" height="40" aria-hidden="true">
            <ellipse cx="16" cy="19" rx="9" ry="10" fill="#a0622d" />
            <path d="M6 14c0-6 20-6 20 0z" fill="#5b3a1e" />
            <rect x="15" y="3" width="2" height="6" rx="1" fill="#5b3a1e" />
          </svg>{' '}
          Drey
        </h1>
        <p>Three squirrel games around one table. Play with friends, bots in any seat.</p>
      </header>
      {error && <p className="error-text">{error}</p>}
      <section className="games" aria-label="games">
        {games.map((g) => {
          const m = gameModule(g.id);
          return (
            <article key={g.id} className="game-card" style={{ borderTopColor: m.accent }}>
              <h2>{g.title}</h2>
              <p className="muted">
                {g.seats.min}–{g.seats.max} players
              </p>
              <p>{g.blurb}</p>
              {g.content.variant !== undefined && (
                <p className="muted small" data-testid={`variant-${g.id}`}>
                  This server plays {variantLabel(g.content)}.
                </p>
              )}
              <div className="row">
                <button type="button" className="btn primary" onClick={() => setCreating(g)} data-testid={`new-${g.id}`}>
                  New table
                </button>
                <HowToPlayButton game={g.id} className="btn" />
                {hasGuide(g) && (
                  <button type="button" className="btn" onClick={() => void startGuide(g.id).then((r) => r && setError(r))} data-testid={`guide-${g.id}`}>
                    Guided first turn
                  </button>
                )}
                {g.hasRules && (
                  <a className="btn" href={`/rules/${g.id}`} onClick={(e) => (e.preventDefault(), navigate(`/rules/${g.id}`))}>
                    Rules
                  </a>
                )}
              </div>
            </article>
          );
        })}
      </section>
      {creating && <CreateTable key={creating.id} game={creating} onCancel={() => setCreating(null)} />}
      <MyTables />
      {groups.map(([title, status]) => {
        const first = tables.filter((t) => t.status === status);
        const seen = new Set(first.map((t) => t.id));
        const list = [...first, ...more[status].tables.filter((t) => !seen.has(t.id))];
        const mayHaveMore = first.length >= FIRST_PAGE[status] && !more[status].done;
        return (
          <section key={title} className="panel tables" aria-label={title}>
            <h2>{title}</h2>
            {list.length === 0 ? <p className="muted">None right now.</p> : <ul>{list.map((t) => <TableRow key={t.id} t={t} />)}</ul>}
            {mayHaveMore && (
              <button type="button" className="btn" onClick={() => showMore(status, list)} data-testid={`more-${status}`}>
                Show older {title.toLowerCase()}
              </button>
            )}
          </section>
        );
      })}
    </main>
  );
}
