/**
 * A live table: what every game shares (header, seats and whose turn, joining, invite links,
 * log, results, errors, connection) around the game's own table component.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { io } from 'socket.io-client';
import { toldCount } from '../../../src/server/narrated.js';
import type { TableFrame } from '../../../src/server/protocol.js';
import { seatLabel } from '../../../src/server/seat-label.js';
import { api } from '../api.js';
import { gameModule, useGames, useGameTitle, useGameVariant } from '../games/index.js';
import { playtestWords } from '../playtest.js';
import { PlaytestFeedbackForm } from './PlaytestFeedback.js';
import { navigate, tableLink } from '../router.js';
import { heldSeat, keepSeat, savedName, saveName, type HeldSeat } from '../seats.js';
import { takeSeatLink } from '../creator.js';
import { AbsencePanel, BotPlayedNote, hasSeatTools, SeatTools } from './Absence.js';
import { TableMenu, useNarrow } from './TableMenu.js';
import { profileLabel, SeatClock, useRemaining } from './Clocks.js';
import { TurnSettings, useTurnSignals } from './TurnSignals.js';
import { createTableStore, type TableState, type TableStore } from '../store/table-store.js';
import { emptyNarration } from '../../../src/server/narrated.js';
import { useKeepFocus } from '../focus.js';
import { useKeepInView } from '../keep-in-view.js';
import { DealNote } from './Deal.js';
import { GuidePanel } from './Guide.js';
import { HowToPlayButton } from './HowToPlay.js';
import { Results } from './Results.js';
import { GameStats } from './GameStats.js';
import { SinceLastMove, useChangedPieces, useSinceLastMove } from './SinceLastMove.js';
import { sinceLines, type ShownLine } from '../since.js';
import { Chat } from './Chat.js';
import { Rematch } from './Rematch.js';
import { ReservedSeats } from './ReservedSeats.js';
import { UndoButton } from './UndoButton.js';

export { seatLabel };

const INITIAL: TableState = { connection: 'connecting', frame: null, narration: emptyNarration(), pending: false, error: null, resyncs: 0 };
const noSubscribe = (): (() => void) => () => undefined;
const initial = (): TableState => INITIAL;

/** Opens a socket and a table store for as long as the page shows this table with this seat. */
function useTable(tableId: string, held: HeldSeat | null): TableState & { act: (a: unknown) => void; clearError: () => void; store: TableStore | null } {
  const [store, setStore] = useState<TableStore | null>(null);
  const token = held?.token;
  useEffect(() => {
    const socket = io({ transports: ['websocket', 'polling'] });
    const s = createTableStore(token === undefined ? { socket, tableId } : { socket, tableId, token });
    setStore(s);
    return () => {
      s.close();
      socket.close();
    };
  }, [tableId, token]);
  const state = useSyncExternalStore(store ? store.subscribe : noSubscribe, store ? store.getState : initial);
  return {
    ...state,
    act: (a) => void store?.act(a),
    clearError: () => store?.clearError(),
    store,
  };
}

function SeatBar({ frame, teams, narrow }: { frame: TableFrame; teams: readonly (readonly number[])[] | null; narrow: boolean }) {
  const remaining = useRemaining(frame.time);
  const teamOf = (seat: number): number => teams?.findIndex((t) => t.includes(seat)) ?? -1;
  // On a phone the chips are one row that scrolls sideways (issue 25: the header stays two short
  // lines whatever the number of seats); whoever is to play is kept in that row's view.
  const [bar, setBar] = useState<HTMLOListElement | null>(null);
  useKeepInView(bar, '.seat-chip.turn', frame.toAct.join(','), narrow);
  return (
    // Focusable on a phone, where it may scroll: a keyboard user scrolls it with the arrow keys.
    <ol className="seat-bar" aria-label="seats" ref={setBar} tabIndex={narrow ? 0 : undefined}>
      {frame.seats.map((s, i) => {
        const turn = frame.toAct.includes(i);
        const team = teamOf(i);
        return (
          <li key={i} className={`seat-chip ${turn ? 'turn' : ''} ${frame.you === i ? 'you' : ''}`} data-testid={`seat-${i}`}>
            <span
              className={`dot ${s.kind === 'bot' ? 'bot' : s.connected ? 'on' : 'off'}`}
              title={s.kind === 'bot' ? 'bot' : s.connected ? 'connected' : 'not connected'}
            />
            <span className="seat-name">{seatLabel(s, i)}</span>
            {s.kind === 'bot' && (
              <span className="tag bot-tag">
                <span className="bot-level">{s.bot} </span>bot
              </span>
            )}
            {team >= 0 && <span className="tag team-tag">Team {team + 1}</span>}
            {frame.you === i && <span className="tag you-tag">you</span>}
            {turn && <span className="tag turn-tag">to play</span>}
            <SeatClock seat={frame.time.seats[i]} remaining={remaining[i]} name={seatLabel(s, i)} />
          </li>
        );
      })}
    </ol>
  );
}

function JoinPanel({ frame, inviteSeat, onJoined }: { frame: TableFrame; inviteSeat: number | null; onJoined: (h: HeldSeat) => void }) {
  const [name, setName] = useState(savedName());
  const [error, setError] = useState<string | null>(null);
  const free = frame.seats.flatMap((s, i) => (s.kind === 'human' && s.name === null && s.reservedFor === undefined ? [i] : []));
  if (free.length === 0) return null;
  const order = inviteSeat !== null && free.includes(inviteSeat) ? [inviteSeat, ...free.filter((s) => s !== inviteSeat)] : free;
  const join = async (seat: number): Promise<void> => {
    const r = await api.claim(frame.tableId, seat, name);
    if (!r.ok) {
      setError(r.error.message);
      return;
    }
    saveName(name.trim());
    const h = { seat: r.value.seat, token: r.value.token };
    keepSeat(frame.tableId, h);
    onJoined(h);
  };
  return (
    <section className="panel join" aria-label="join this table">
      <h2>Take a seat</h2>
      <label className="field">
        <span>Your name</span>
        <input value={name} maxLength={24} onChange={(e) => setName(e.target.value)} placeholder="Your name" data-testid="join-name" />
      </label>
      <div className="row">
        {order.map((seat) => (
          <button
            key={seat}
            type="button"
            className={`btn ${seat === order[0] ? 'primary' : ''}`}
            disabled={name.trim() === ''}
            onClick={() => void join(seat)}
            data-testid={`join-seat-${seat}`}
          >
            Sit at seat {seat + 1}
          </button>
        ))}
      </div>
      {error && <p className="error-text">{error}</p>}
    </section>
  );
}

function InviteLinks({ frame }: { frame: TableFrame }) {
  const [copied, setCopied] = useState<number | null>(null);
  const free = frame.seats.flatMap((s, i) => (s.kind === 'human' && s.name === null && s.reservedFor === undefined ? [i] : []));
  if (free.length === 0) return null;
  return (
    <section className="panel invites" aria-label="invite links">
      <h2>Invite friends</h2>
      <p className="muted">The game starts when every seat is taken. Send each friend the link of one seat.</p>
      <ul>
        {free.map((seat) => {
          const link = `${location.origin}${tableLink(frame.tableId, seat)}`;
          return (
            <li key={seat} className="invite">
              <span>Seat {seat + 1}</span>
              <input readOnly value={link} aria-label={`invite link for seat ${seat + 1}`} onFocus={(e) => e.target.select()} />
              <button
                type="button"
                className="btn small"
                onClick={() => {
                  void navigator.clipboard?.writeText(link).then(() => setCopied(seat));
                }}
              >
                {copied === seat ? 'Copied' : 'Copy'}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Log({ lines, shown, since }: { lines: readonly ShownLine[]; shown: boolean; since: number | null }) {
  const [el, setEl] = useState<HTMLOListElement | null>(null);
  // Also when its tab is opened on a phone: a hidden list has no height to scroll.
  useEffect(() => {
    if (el) el.scrollTop = el.scrollHeight;
  }, [el, lines.length, shown]);
  return (
    <section className="panel log" aria-label="game log">
      <h2>Log</h2>
      <ol ref={setEl} data-testid="log" tabIndex={0} aria-label="log lines">
        {lines.map((l, i) => {
          // "Since your last move": the others' lines from `since` on are marked (web/src/since.ts).
          const mark = since !== null && i >= since && l.news;
          return (
            <li key={i} className={mark ? `since ${i === since ? 'since-start' : ''}` : undefined} data-seat={l.seat ?? undefined}>
              {mark && i === since ? <span className="sr-only">Since your last move: </span> : null}
              {l.text}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export function TablePage({ id, inviteSeat }: { id: string; inviteSeat: number | null }) {
  const [held, setHeld] = useState<HeldSeat | null>(() => takeSeatLink(id) ?? heldSeat(id));
  const t = useTable(id, held);
  const frame = t.frame;
  const module = frame ? gameModule(frame.game) : undefined;
  // Lines told from the start of the game (the history lets the oldest go, and says how many).
  const told = toldCount(t.narration);
  const since = useSinceLastMove(id, frame?.you ?? null, told);
  // Coming back to a table with news: the bar shows whoever's turn it is, until dismissed or you act.
  const [cameBack, setCameBack] = useState<boolean | null>(null);
  useEffect(() => {
    if (cameBack === null && frame) setCameBack(since.mark !== null && since.mark < told);
  }, [cameBack, frame, since.mark, told]);
  const title = useGameTitle(frame?.game ?? '');
  // A table this server opens plays the content the server plays (table-content.ts refuses any other).
  const variant = useGameVariant(frame?.game ?? '');
  const content = useGames()?.find((g) => g.id === frame?.game)?.content;
  useTurnSignals(frame, title || 'Table');
  const names = frame ? frame.seats.map((s, i) => seatLabel(s, i)) : [];
  // After an action the redrawn controls get keyboard focus back where the player was (focus.ts).
  const keepFocus = useKeepFocus<HTMLDivElement>(t.pending ? null : (frame?.seq ?? null));
  // On a phone the table and the log are two tabs (issue 25): the cards come first, the log one tap away.
  const narrow = useNarrow();
  const [pane, setPane] = useState<'table' | 'log'>('table');
  // When it becomes your turn the table tab comes back by itself (your cards are what you need
  // then), unless you are typing in the chat.
  const yourTurn = frame !== null && frame.status === 'running' && frame.legal.length > 0;
  useEffect(() => {
    if (yourTurn && !document.activeElement?.closest('.table-side')) setPane('table');
  }, [yourTurn]);

  // The log: the lines the server told this viewer (table-store.ts keeps them; nothing is narrated
  // here), and those since your last move, counted by the seat that acted (web/src/since.ts).
  const log = sinceLines(t.narration, frame?.you ?? null, since.mark);
  const news = log.news;
  // The pieces on the table that changed while the others played (marked on the board itself).
  const changed = useChangedPieces(id, frame?.you ?? null, frame && module?.pieces ? module.pieces(frame.view) : null, news.length === 0);

  useEffect(() => {
    if (!t.error) return;
    const timer = setTimeout(t.clearError, 6000);
    return () => clearTimeout(timer);
  }, [t.error]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!frame) {
    return (
      <main className="page">
        {t.error ? (
          <div className="panel">
            <h2>This table cannot be shown</h2>
            <p>{t.error.message}</p>
            <button type="button" className="btn" onClick={() => navigate('/')}>
              Back to the lobby
            </button>
          </div>
        ) : (
          <p className="muted">{t.connection === 'reconnecting' ? 'Reconnecting to the table…' : 'Connecting to the table…'}</p>
        )}
      </main>
    );
  }

  const sinceAt = log.at;
  // Shown when it is your turn again, or the game ended, and on coming back to a table.
  const showSince = news.length > 0 && frame.you !== null && (yourTurn || frame.status === 'finished' || cameBack === true);
  const status = frame.status === 'open' ? 'Waiting for players' : frame.status === 'running' ? 'Playing' : 'Finished';
  const showSignals = frame.you !== null && frame.status !== 'finished';
  /** A tab's panel on a phone; on a wider screen both show side by side and are plain regions. */
  const paneProps = (p: 'table' | 'log') => (narrow ? { id: `pane-${p}`, role: 'tabpanel', 'aria-labelledby': `tab-${p}`, hidden: pane !== p } : {});

  // On a phone these three go into the ☰ Menu (issue 25), so the header is two short lines and the
  // prompt and hand move up; on a wider screen they stay in the header row.
  const howToRules = (
    <>
      <HowToPlayButton game={frame.game} />
      <a className="btn small" href={`/rules/${frame.game}`} onClick={(e) => (e.preventDefault(), navigate(`/rules/${frame.game}`))}>
        Rules
      </a>
    </>
  );
  const lobby = (
    <a className="btn small" href="/" onClick={(e) => (e.preventDefault(), navigate('/'))}>
      Lobby
    </a>
  );

  return (
    <main className="page table-page" data-game={frame.game} data-seq={frame.seq} data-status={frame.status}>
      <header className="table-head">
        <div className="table-title">
          <h1>
            {module ? <span style={{ color: module.accent }}>●</span> : null} {title}
            {variant && <small className="muted" data-testid="table-variant"> · {variant}</small>}
          </h1>
          <p className="muted table-facts">
            <span className={`pill ${frame.status}`}>{status}</span>
            {frame.playtest && (
              <>
                {' '}
                <span className="pill playtest" data-testid="table-playtest">
                  {playtestWords(content)}
                </span>
              </>
            )}{' '}
            · {frame.you === null ? 'You are watching' : `You play seat ${frame.you + 1}`} · move{' '}
            {frame.seq} ·{' '}
            {!narrow && (
              <>
                <DealNote deal={frame.deal} /> ·{' '}
              </>
            )}
            {profileLabel(frame.time.profile)}
            {t.connection !== 'connected' && <span className="pill warn"> reconnecting…</span>}
          </p>
        </div>
        <nav className="row table-nav" aria-label="table">
          {!narrow && howToRules}
          {frame.status === 'finished' && (
            <a className="btn small" href={`/replay/${id}`} onClick={(e) => (e.preventDefault(), navigate(`/replay/${id}`))}>
              Replay
            </a>
          )}
          {!narrow && lobby}
          {(narrow || showSignals || hasSeatTools(frame, held)) && (
            <TableMenu>
              {narrow && (
                <>
                  <div className="row table-menu-links">
                    {howToRules}
                    {lobby}
                  </div>
                  {/* How the deal was made: a fact checked once, kept off the phone's one line of facts. */}
                  <p className="table-menu-deal small">
                    Deal: <DealNote deal={frame.deal} />
                  </p>
                </>
              )}
              {showSignals && <TurnSettings />}
              <SeatTools frame={frame} held={held} names={names} />
            </TableMenu>
          )}
        </nav>
      </header>
      <SeatBar frame={frame} teams={module?.seatTeams?.(frame.view) ?? null} narrow={narrow} />
      {t.error && (
        <div className="toast" role="alert" data-testid="error">
          {t.error.message}
          <button type="button" className="btn small" onClick={t.clearError} aria-label="dismiss">
            ×
          </button>
        </div>
      )}
      {frame.status === 'open' && held === null && <JoinPanel frame={frame} inviteSeat={inviteSeat} onJoined={setHeld} />}
      {frame.status === 'open' && held !== null && <InviteLinks frame={frame} />}
      {frame.status === 'open' && <ReservedSeats frame={frame} />}
      {frame.status === 'finished' && frame.outcome && <Results outcome={frame.outcome} names={names} you={frame.you} />}
      {frame.status === 'finished' && frame.playtest && frame.you !== null && held !== null && (
        <PlaytestFeedbackForm tableId={frame.tableId} token={held.token} name={names[frame.you] ?? null} />
      )}
      {frame.status === 'finished' && module?.stats && <GameStats tableId={frame.tableId} module={module} names={names} you={frame.you} />}
      {frame.status === 'finished' && <BotPlayedNote frame={frame} names={names} />}
      {frame.status === 'finished' && t.store && <Rematch link={t.rematch ?? null} seated={frame.you !== null} rematch={t.store.rematch} />}
      <AbsencePanel frame={frame} held={held} names={names} />
      {narrow && (
        <div className="table-tabs" role="tablist" aria-label="table or log">
          {(['table', 'log'] as const).map((p) => (
            <button
              key={p}
              type="button"
              role="tab"
              id={`tab-${p}`}
              aria-selected={pane === p}
              aria-controls={`pane-${p}`}
              tabIndex={pane === p ? 0 : -1}
              className={`table-tab ${pane === p ? 'on' : ''}`}
              onClick={() => setPane(p)}
              onKeyDown={(e) => {
                // Arrow keys move between the tabs (the ARIA tabs pattern).
                if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
                const next = p === 'table' ? 'log' : 'table';
                setPane(next);
                document.getElementById(`tab-${next}`)?.focus();
              }}
            >
              {p === 'table' ? 'Table' : 'Log & chat'}
            </button>
          ))}
        </div>
      )}
      <div className="table-layout">
        <div className="table-main" ref={keepFocus} {...paneProps('table')}>
          <div className="table-tools">
            <UndoButton step={frame.undo ?? null} busy={t.pending} undo={(step) => void t.store?.undo(step)} />
            {showSince && <SinceLastMove lines={news} marked={changed.size} over={frame.status === 'finished'} onDismiss={() => (since.seen(), setCameBack(false))} />}
          </div>
          <GuidePanel tableId={frame.tableId} game={frame.game} view={frame.view} legal={frame.legal} you={frame.you} />
          {module && <module.Table view={frame.view} legal={frame.legal} you={frame.you} names={names} toAct={frame.toAct} act={(a) => (since.seen(), setCameBack(false), t.act(a))} busy={t.pending} changed={showSince ? changed : undefined} />}
        </div>
        <aside className="table-side" {...paneProps('log')}>
          <Log lines={log.shown} shown={!narrow || pane === 'log'} since={showSince ? sinceAt : null} />
          {t.store && <Chat lines={t.chat ?? []} canWrite={frame.you !== null} say={t.store.say} />}
        </aside>
      </div>
    </main>
  );
}
