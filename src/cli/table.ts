/**
 * The terminal table: one person against bots. Bots act as soon as it is their turn; when it is
 * the person's, the screen shows the table, what happened, the legal moves, and asks. Input is a
 * menu number or typed text the game's TextUI parses; anything else is explained and asked again.
 */
import type { Bot } from '../engine/bot.js';
import type { ActionBase, Outcome, Seat } from '../engine/game.js';
import { play, type Match } from '../engine/match.js';
import { createRng } from '../engine/rng.js';
import { botInput } from '../bots/play.js';
import type { LineResult } from './lines.js';
import { outcomeLines } from './outcome-text.js';
import { composeScreen, packMenu, SCREEN } from './screen.js';
import type { TableUI } from './table-ui.js';

export interface TableConfig {
  match: Match;
  ui: TableUI;
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
}

export interface TableIO {
  ask(prompt: string): Promise<LineResult>;
  write(text: string): void;
  /** Clear the screen between turns (a terminal) or print a separator (a pipe). */
  tty: boolean;
}

export type TableEnd = 'finished' | 'eof' | 'quit' | 'interrupt';

const PROMPT = '> ';
const CLEAR = '\x1b[2J\x1b[3J\x1b[H';

export async function runTable(config: TableConfig, io: TableIO): Promise<{ end: TableEnd; outcome: Outcome | null }> {
  const { match, ui, human, names } = config;
  const game = match.game;
  const rngs = names.map((_, seat) => createRng(`bot:${config.botSeed}:${seat}`));
  let before: unknown;
  let othersActed: Seat[] = [];

  const show = (lines: readonly string[]): void => {
    io.write(io.tty ? `${CLEAR}${lines.join('\n')}\n` : `${'='.repeat(SCREEN.cols)}\n${lines.join('\n')}\n`);
  };
  const eventsNow = (view: unknown): string[] => {
    if (ui.events) return ui.events(before, view, human, names);
    // No narrator: say who acted, never what (describeAction may name hidden cards).
    const counts = new Map<Seat, number>();
    for (const s of othersActed) counts.set(s, (counts.get(s) ?? 0) + 1);
    return [...counts].map(([s, n]) => `${names[s]} acted${n > 1 ? ` (${n} moves)` : ''}`);
  };

  for (;;) {
    const outcome = game.outcome(match.state);
    if (outcome) {
      const view = game.view(match.state, human);
      const lines = [config.header, ...ui.render(view, human, names), ''];
      const events = eventsNow(view);
      if (events.length > 0) lines.push('Since your last move:', ...events.map((e) => `  ${e}`), '');
      show([...lines, ...outcomeLines(outcome, names)]);
      return { end: 'finished', outcome };
    }
    const toAct = game.toAct(match.state);
    const botSeat = toAct.find((s) => s !== human);
    if (botSeat !== undefined) {
      const bot = config.bots[botSeat];
      if (!bot) throw new Error(`no bot for seat ${botSeat}`);
      const action = bot(botInput(game, match.state, botSeat, rngs[botSeat]!));
      const played = play(match, botSeat, action);
      if (!played.ok) throw new Error(`the bot in seat ${botSeat} chose a refused action: ${played.error.message}`);
      othersActed.push(botSeat);
      continue;
    }
    if (!toAct.includes(human)) throw new Error(`${game.id}: the game is running but nobody is to act`);

    const view = game.view(match.state, human);
    const legal = game.legalActions(match.state, human);
    const labels = legal.map((a) => ui.label(a, view, names));
    const events = eventsNow(view);
    let notice: string | undefined;
    let action: ActionBase | undefined;
    let redraw = true;
    while (action === undefined) {
      if (redraw) {
        show(composeScreen({ header: config.header, table: ui.render(view, human, names), events, labels, hint: ui.hint(view, legal), notice }));
      }
      redraw = true;
      const line = await io.ask(PROMPT);
      if (line === null) return { end: 'eof', outcome: null };
      if (line === 'interrupt') return { end: 'interrupt', outcome: null };
      const chosen = interpret(line.trim(), legal, labels, (t) => ui.parse(t, view, legal, names));
      switch (chosen.kind) {
        case 'action':
          action = chosen.action;
          break;
        case 'quit':
          return { end: 'quit', outcome: null };
        case 'list':
          // The full list stays on screen under the table; the next answer is asked below it.
          io.write(`${packMenu(labels, Number.MAX_SAFE_INTEGER)!.join('\n')}\n`);
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
    before = view;
    othersActed = [];
  }
}

type Interpretation =
  | { kind: 'action'; action: ActionBase }
  | { kind: 'list' }
  | { kind: 'quit' }
  | { kind: 'error'; message: string };

/** A menu number, `?` for the full list, `quit`, or text for the game's parser. */
export function interpret(
  text: string,
  legal: readonly ActionBase[],
  labels: readonly string[],
  parse: (text: string) => { action: ActionBase } | { error: string },
): Interpretation {
  if (text === '') return { kind: 'error', message: 'type a menu number or your move (? lists every move)' };
  if (text === '?' || text === 'help') return { kind: 'list' };
  if (text === 'quit' || text === 'exit') return { kind: 'quit' };
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    if (n >= 1 && n <= legal.length) return { kind: 'action', action: legal[n - 1]! };
    return { kind: 'error', message: `there is no move ${n}: choose 1–${labels.length}` };
  }
  const parsed = parse(text);
  return 'action' in parsed ? { kind: 'action', action: parsed.action } : { kind: 'error', message: parsed.error };
}
