/**
 * The terminal table: one person against bots. Bots act as soon as it is their turn; when it is
 * the person's, the screen shows the table, what happened, the legal moves, and asks. Input is a
 * menu number or typed text the game's TextUI parses; anything else is explained and asked again.
 */
import type { Bot } from '../engine/bot.js';
import type { ActionBase, Outcome, Seat } from '../engine/game.js';
import { play, type Match } from '../engine/match.js';
import { narrationFeed, type AnyNarrator } from '../engine/narration.js';
import { createRng } from '../engine/rng.js';
import { botInput } from '../bots/play.js';
import type { LineResult } from './lines.js';
import { outcomeLines } from './outcome-text.js';
import { composeFinalScreen, composeScreen, packMenu } from './screen.js';
import { statsLines } from './stats-text.js';
import { menuCols } from './term-size.js';
import { allEvents, type StatsTable } from '../engine/stats.js';
import { DEFAULT_TERM, type TermSize, type TextUI } from '../games/text-ui.js';

export interface TableConfig {
  match: Match;
  ui: TextUI;
  /** Tells what happened between the person's moves; without one the table says only who acted. */
  narrator?: AnyNarrator;
  /** The person's seat. */
  human: Seat;
  /** A bot for every other seat (the person's entry is ignored). */
  bots: readonly (Bot | undefined)[];
  /** Display names by seat. */
  names: readonly string[];
  /** The first line of every screen. */
  header: string;
  /** Seeds the bots' generators, so a game with the same seed and moves plays the same. */
  botSeed: string;
  /** Lines the caller prints after the final screen, which must still fit on it. */
  reserveAtEnd?: number;
  /**
   * The game's end-of-game statistics (its package's `stats`), shown under the result: read from
   * every public event the person's views carried (engine/stats.ts), so only what they could see.
   */
  stats?: (events: readonly unknown[], view: unknown, names: readonly string[]) => StatsTable;
}

export interface TableIO {
  ask(prompt: string): Promise<LineResult>;
  write(text: string): void;
  /** Clear the screen between turns (a terminal) or print a separator (a pipe). */
  tty: boolean;
  /** The terminal's size now, read at every screen (so a resized window is used); 80×24 without it. */
  size?: () => TermSize;
}

export type TableEnd = 'finished' | 'eof' | 'quit' | 'interrupt';

const PROMPT = '> ';
const CLEAR = '\x1b[2J\x1b[3J\x1b[H';

export async function runTable(config: TableConfig, io: TableIO): Promise<{ end: TableEnd; outcome: Outcome | null }> {
  const { match, ui, human, names } = config;
  const game = match.game;
  const rngs = names.map((_, seat) => createRng(`bot:${config.botSeed}:${seat}`));
  let othersActed: Seat[] = [];
  // What the person saw happen since their last move: the events of every step, read as it happens.
  const feed = config.narrator ? narrationFeed(config.narrator) : undefined;
  let since: string[] = [];
  // Every view the person had, for the statistics at the end (allEvents reads each one's tail on).
  const seen: unknown[] = [];
  const read = (): void => {
    const view = game.view(match.state, human);
    if (config.stats && config.narrator) seen.push(view);
    if (feed) since.push(...feed(view, { viewer: human, names }));
  };
  read();

  /** The terminal's size, at least 40×12 (below that nothing fits, and the screen scrolls). */
  const sizeNow = (): TermSize => {
    const s = io.size?.() ?? DEFAULT_TERM;
    return { cols: Math.max(40, s.cols), rows: Math.max(12, s.rows) };
  };
  const show = (lines: readonly string[], size: TermSize): void => {
    if (io.tty) return io.write(`${CLEAR}${lines.join('\n')}\n`);
    // Through a pipe each screen starts with a rule as wide as its widest line: a pipe's width is
    // only an upper bound (PIPE_COLS), and a 200-column rule wraps in any reader's window.
    const widest = lines.reduce((w, l) => Math.max(w, [...l].length), 1);
    io.write(`${'='.repeat(Math.min(size.cols, widest))}\n${lines.join('\n')}\n`);
  };
  /** What happened since the person's last move, less what the table itself already shows. */
  const eventsNow = (view: unknown, table: readonly string[]): { title: string; lines: string[] } => {
    let lines: string[];
    if (feed) lines = since;
    else {
      // No narrator: say who acted, never what (describeAction may name hidden cards).
      const counts = new Map<Seat, number>();
      for (const s of othersActed) counts.set(s, (counts.get(s) ?? 0) + 1);
      lines = [...counts].map(([s, n]) => `${names[s]} acted${n > 1 ? ` (${n} moves)` : ''}`);
    }
    const fresh = lines.filter((line) => !isOnTable(line, table));
    return { title: fresh.length < lines.length ? 'Earlier, since your last move:' : 'Since your last move:', lines: fresh };
  };

  for (;;) {
    const { outcome } = match;
    if (outcome) {
      const view = game.view(match.state, human);
      const size = sizeNow();
      const table = ui.render(view, human, names, size);
      const events = eventsNow(view, table);
      const parts = { header: config.header, table, events: events.lines, eventsTitle: events.title };
      let stats: string[] = [];
      if (config.stats && config.narrator) {
        const read = allEvents(config.narrator, seen);
        stats = statsLines(config.stats(read.events, view, names), size.cols, human);
        if (read.missed > 0) stats.push('Some early events were not kept: the figures may be short.');
      }
      show(composeFinalScreen(parts, outcomeLines(outcome, names), config.reserveAtEnd ?? 0, size, stats), size);
      return { end: 'finished', outcome };
    }
    const { toAct } = match;
    const botSeat = toAct.find((s) => s !== human);
    if (botSeat !== undefined) {
      const bot = config.bots[botSeat];
      if (!bot) throw new Error(`no bot for seat ${botSeat}`);
      const action = bot(botInput(game, match.state, botSeat, rngs[botSeat]!));
      const played = play(match, botSeat, action);
      if (!played.ok) throw new Error(`the bot in seat ${botSeat} chose a refused action: ${played.error.message}`);
      othersActed.push(botSeat);
      read();
      continue;
    }
    if (!toAct.includes(human)) throw new Error(`${game.id}: the game is running but nobody is to act`);

    const view = game.view(match.state, human);
    const legal = game.legalActions(match.state, human);
    const labels = legal.map((a) => ui.label(a, view, names));
    let size = sizeNow();
    let table = ui.render(view, human, names, size);
    const events = eventsNow(view, table);
    const hint = ui.hint(view, legal);
    let notice: string | undefined;
    let action: ActionBase | undefined;
    let redraw = true;
    while (action === undefined) {
      if (redraw) {
        const now = sizeNow();
        if (now.cols !== size.cols || now.rows !== size.rows) {
          size = now;
          table = ui.render(view, human, names, size);
        }
        show(composeScreen({ header: config.header, table, events: events.lines, eventsTitle: events.title, labels, hint, notice }, size, menuCols(size, io.tty)), size);
      }
      redraw = true;
      const line = await io.ask(PROMPT);
      if (line === null) return { end: 'eof', outcome: null };
      if (line === 'interrupt') return { end: 'interrupt', outcome: null };
      const chosen = interpret(line.trim(), legal, hint, (t) => ui.parse(t, view, legal, names));
      switch (chosen.kind) {
        case 'action':
          action = chosen.action;
          break;
        case 'quit':
          return { end: 'quit', outcome: null };
        case 'list':
          // The full list stays on screen under the table; the next answer is asked below it.
          io.write(`${packMenu(labels, Number.MAX_SAFE_INTEGER, menuCols(size, io.tty))!.join('\n')}\n`);
          notice = undefined;
          redraw = false;
          break;
        case 'error':
          notice = chosen.message;
          break;
      }
    }
    const played = play(match, human, action);
    if (!played.ok) throw new Error(`a legal action was refused: ${played.error.message}`);
    othersActed = [];
    since = [];
    read();
  }
}

/** Whether the table already shows this event line (games often list their latest events; lines may be cut at 80 columns). */
function isOnTable(event: string, table: readonly string[]): boolean {
  return table.some((row) => {
    const t = row.trim();
    return t === event || (t.length >= 24 && event.startsWith(t));
  });
}

type Interpretation =
  | { kind: 'action'; action: ActionBase }
  | { kind: 'list' }
  | { kind: 'quit' }
  | { kind: 'error'; message: string };

/**
 * What the person typed: `?` for the full list, `quit`, `#N` for menu item N always, otherwise
 * the game's parser first (a game may give bare numbers its own meaning, as Autumn Leaves does
 * for card ranks while choosing) and, for text it does not understand, a bare menu number.
 */
export function interpret(
  text: string,
  legal: readonly ActionBase[],
  hint: string,
  parse: (text: string) => { action: ActionBase } | { error: string } | null,
): Interpretation {
  if (text === '') return { kind: 'error', message: 'type your move or a menu number (? lists every move)' };
  if (text === '?' || text === 'help') return { kind: 'list' };
  if (text === 'quit' || text === 'exit') return { kind: 'quit' };
  const menu = /^#\s*(\d+)$/.exec(text);
  const parsed = menu ? null : parse(text);
  if (parsed) return 'action' in parsed ? { kind: 'action', action: parsed.action } : { kind: 'error', message: parsed.error };
  const number = menu?.[1] ?? (/^\d+$/.test(text) ? text : undefined);
  if (number !== undefined) {
    const n = Number(number);
    if (n >= 1 && n <= legal.length) return { kind: 'action', action: legal[n - 1]! };
    return { kind: 'error', message: `there is no move ${n} in the menu (1–${legal.length})` };
  }
  return { kind: 'error', message: `'${text}' is not a move here. ${hint}` };
}
