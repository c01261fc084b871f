/**
 * Acorn Run in the terminal: three trees of the track around the viewer's pawn drawn from the
 * same tree drawings the rules compile, the racers, the results board, the market, the viewer's
 * hand and player board, and the move being built. Menu labels and typed commands.
 */
import type { RunTables } from './tables.js';
import type { Viewer } from '../../engine/game.js';
import { DEFAULT_TERM, wrapWords, type TermSize, type TextUI } from '../text-ui.js';
import type { Action } from './actions.js';
import { LANE_CODES, space } from './board.js';
import { kindOf, type MarketRow } from './cards.js';
import { effectLabel } from './describe.js';
import { sprintDistance } from './moves.js';
import { CELL_ACORN, CELL_CARD, OUT_OF_TIME } from './state.js';
import type { AcornRunView } from './view.js';
import { DUMMY_NAMES, type DummyColor } from './content/dummy-schema.js';
import { dummyLines } from './dummy/text.js';
import { actionWords, withFinishWarning } from './labels.js';
import { spaceWords, treeWords } from './narrate.js';
import { finishLabel } from './play-aids.js';

const nameOf = (names: readonly string[], seat: number): string => names[seat] ?? `Seat ${seat + 1}`;
/** A racer's name: the seat's player, or the dummy's own name (R14). */
const racerName = (view: AcornRunView, names: readonly string[], r: number): string => {
  const racer = view.racers[r]!;
  return racer.kind === 'dummy' ? DUMMY_NAMES[racer.pawn as DummyColor] : nameOf(names, racer.seat);
};
const LETTER = { green: 'G', yellow: 'Y', red: 'R', acorn: 'A' } as const;

/** "G Twig>Y": color letter, name without its color word, combo symbols. */
export function shortCard(T: RunTables, card: number): string {
  const k = kindOf(T, card);
  const name = k.name.replace(/^(Green|Yellow|Red) /, '').replace(', I Dropped One!', '!');
  const combo = k.combo.length > 0 ? `>${k.combo.map((c) => LETTER[c]).join('')}` : '';
  return `${LETTER[k.color]} ${name}${combo}`;
}

/** A card in hand, with its effect if it has one (its cost mattered only when it was bought). */
function handCard(T: RunTables, card: number): string {
  const k = kindOf(T, card);
  return k.effect ? `${shortCard(T, card)} (${effectLabel(k.effect)})` : shortCard(T, card);
}

/** A market card with its cost and effect, for the buying menus. */
function longCard(T: RunTables, card: number): string {
  const k = kindOf(T, card);
  const effect = k.effect ? `, ${effectLabel(k.effect)}` : '';
  return `${shortCard(T, card)} (${k.cost}${effect})`;
}

/** The tree's drawing with pawns (racer numbers) and acorns (*) on it, plus its jump-off column. */
function drawTree(T: RunTables, view: AcornRunView, t: number): string[] {
  const tree = T.board.trees[t]!;
  const pawns = new Map<number, string>();
  for (const r of view.racers) if (r.pos !== null) pawns.set(r.pos, (pawns.get(r.pos) ?? '') + String(r.racer + 1));
  const acorns = new Map(view.boardAcorns.map((a) => [a.space, a.count]));
  const spec = T.content.board.trees[t]!;
  return spec.lanes.map((text, row) => {
    const lane = 5 - row;
    const ids = tree.lanes[lane]!;
    let line = '';
    for (let c = 0; c < tree.width; c++) {
      const id = ids.find((i) => space(T, i).col === c);
      if (id === undefined) line += (text[c] ?? ' ').replace('.', ' ');
      else line += pawns.get(id)?.[0] ?? ((acorns.get(id) ?? 0) > 0 ? '*' : 'o');
    }
    const jump = tree.jumpoffs[Math.floor(lane / 2)];
    let edge = t === T.board.trees.length - 1 ? '#' : '|';
    if (jump !== undefined) {
      const here = pawns.get(jump) ?? '';
      const at = lane % 2 === 1 ? 0 : 1;
      if (here[at]) edge = here[at]!;
    }
    return `${line} ${edge}`;
  });
}

function pendingLine(T: RunTables, view: AcornRunView): string | null {
  const p = view.turn.pending[0];
  if (!p) return null;
  const cards = 'cards' in p ? p.cards.map((c) => shortCard(T, c)).join(', ') || 'no cards yet' : '';
  switch (p.kind) {
    case 'sprint': {
      const spaces = sprintDistance(T, p.cards);
      return `Sprint (${p.color}): ${cards} = ${spaces} space${spaces === 1 ? '' : 's'}`;
    }
    case 'climb':
    case 'descend':
      return `${p.kind === 'climb' ? 'Climb' : 'Descent'}: ${cards}`;
    case 'jump':
      return `Jump from ${spaceWords(T, p.from)}${space(T, p.from).foliage ? ` (foliage gap of ${space(T, p.from).foliage!.cards})` : ''}: ${cards}`;
    case 'pay': {
      const card = view.market[p.row].row[p.index];
      return `Paying for ${card === null || card === undefined ? '?' : shortCard(T, card)}: ${cards}`;
    }
    case 'discard':
      return `Discard ${p.count} more card${p.count === 1 ? '' : 's'}`;
    case 'trash':
      return 'Choose a card to trash (hand or discard pile), or skip';
    case 'gain':
      return 'Choose a market card to gain for free, or skip';
    case 'cleanup':
      return 'End of turn: discard unused cards, or keep the rest';
  }
}

function gridText(T: RunTables, grid: readonly number[]): string {
  const sym = (i: number): string => {
    const e = T.cells[i]!.effect;
    const code = e.kind === 'move' ? ({ up: '^', forward: '>', down: 'v' } as const)[e.dir] : e.kind === 'buying-power' ? '$' : e.kind === 'draw' ? 'd' : e.kind === 'cycle' ? 'c' : e.kind === 'trash' ? 'x' : e.kind === 'gain' ? 'g' : '?';
    return grid[i] === CELL_ACORN ? '@' : grid[i] === CELL_CARD ? '#' : code;
  };
  return T.columnCells.map((cells) => cells.map(sym).join('')).join('|');
}

function render(T: RunTables, view: AcornRunView, _viewer: Viewer, names: readonly string[], size: TermSize = DEFAULT_TERM): string[] {
  const W = size.cols;
  const lines: string[] = [];
  const me = view.me === null ? null : view.racers[view.me]!;
  const focus = me?.pos ?? view.racers.find((r) => r.pos !== null)?.pos ?? T.board.go[0]!;
  const first = Math.min(space(T, focus).tree, Math.max(0, T.board.trees.length - 3));
  const trees = [first, first + 1, first + 2].filter((t) => t < T.board.trees.length);
  const who = (r: number) => (r === view.me ? 'You' : racerName(view, names, r));
  const turnOf = view.over ? 'race over' : `${who(view.turn.racer)} to move`;
  lines.push(`Acorn Run · round ${view.round} · ${turnOf} · acorns ${view.acornSupply} · VP tokens ${view.tokenSupply}`.slice(0, W));
  const drawn = trees.map((t) => drawTree(T, view, t));
  const header = trees.map((t, i) => `${t}:${T.board.trees[t]!.name}`.slice(0, drawn[i]![0]!.length).padEnd(drawn[i]![0]!.length)).join('  ');
  // Beside the drawing, the racers by the numbers their pawns carry on it, named in full (issue
  // 25: never cut to "Twinkl", never a space id): acorns, combo tokens, and where they are only
  // when the drawing does not show it (another tree, over the line, out of time).
  const status = (r: AcornRunView['racers'][number]): string => {
    if (r.out) return ' out of time';
    if (r.place !== null) return ` ${finishLabel(view.racers, r.racer)}`;
    return r.pos !== null && !trees.includes(space(T, r.pos).tree) ? ` on ${treeWords(T, space(T, r.pos).tree)}` : '';
  };
  const racerLines = view.racers.map((r) => {
    const mark = r.racer === view.turn.racer && !view.over ? '>' : ' ';
    return `${mark}${r.racer + 1} ${who(r.racer)} a${r.acorns} t${r.tokenCount}${status(r)}`;
  });
  lines.push(`   ${header}`);
  for (let row = 0; row < 6; row++) {
    const left = `${LANE_CODES[5 - row]} ${drawn.map((d) => d[row]!).join('  ')} `;
    lines.push(`${left}${racerLines[row] ?? ''}`.slice(0, W).trimEnd());
  }
  // More racers than rows (seven or more never race), so none is left out above. A terminal with
  // room to spare also says where every pawn is, in the words the narration uses.
  const where = view.racers.flatMap((r) =>
    r.pos === null ? [] : [`${r.racer === view.turn.racer && !view.over ? '>' : ' '}${r.racer + 1} ${who(r.racer)}: ${spaceWords(T, r.pos)}`.slice(0, W)],
  );
  const results = view.results
    .map((r, i) => `${T.content.race.results[i]}:${r === null ? '_' : r === OUT_OF_TIME ? 'X' : String(r + 1)}`)
    .join(' ');
  const drawing = lines.length;
  if (view.dummies) lines.push(...dummyLines(view));
  lines.push(`Results ${results}   out-of-time tokens ${view.outOfTimeLeft}`.slice(0, W));
  for (const row of ['cheap', 'expensive'] as MarketRow[]) {
    const cards = view.market[row].row.map((c, i) => `${row[0]}${i + 1} ${c === null ? '—' : `${shortCard(T, c)}(${kindOf(T, c).cost})`}`);
    lines.push(`${row === 'cheap' ? 'Cheap    ' : 'Expensive'} ${cards.join('  ')}  [${view.market[row].deckCount}]`.slice(0, W));
  }
  if (me?.hand) {
    lines.push(...wrapWords('Hand ', me.hand.map((c, i) => `${i + 1}:${shortCard(T, c)}`), ' ', W));
    const tokens = me.tokens ? ` (${me.tokens.join('+') || '0'} VP)` : '';
    lines.push(`Board [${gridText(T, me.grid)}] acorns ${me.acorns} · tokens ${me.tokenCount}${tokens} · deck ${me.deckCount} · discard ${me.discard.length}`.slice(0, W));
  }
  if (!view.over) {
    const t = view.turn;
    lines.push(`Turn: main moves ${t.mainMoves} · extra sprints ${t.extraSprints} · buying power ${t.buyingPower}${t.refreshes ? ` · refreshes ${t.refreshes}` : ''} · played ${t.played.length}`.slice(0, W));
    const p = pendingLine(T, view);
    if (p) lines.push(p.slice(0, W));
  } else {
    lines.push(`Final: ${view.racers.map((r) => `${who(r.racer)} ${r.out ? 0 : r.raceVp + (r.tokens ?? []).reduce((a, b) => a + b, 0)}`).join(' · ')}`.slice(0, W));
  }
  // The table may take the terminal's rows but six (the screen's header, menu, hint and prompt).
  if (lines.length + where.length <= size.rows - 6) lines.splice(drawing, 0, ...where);
  return lines;
}

/** A hand card as menus name it: its place in the hand and, unless it only pays, its effect (handCard). */
const cardIn = (T: RunTables, view: AcornRunView, card: number, paying = false): string => {
  const i = view.me === null ? -1 : (view.racers[view.me]!.hand ?? []).indexOf(card);
  // A card in hand is added to a move, played or paid with: what it cost to buy no longer matters
  // (every card pays 1 towards a purchase), and "G Branch (0)" read as if it moved nothing. Its
  // effect is what playing it does.
  const text = paying ? shortCard(T, card) : handCard(T, card);
  return i >= 0 ? `${i + 1}:${text}` : text;
};

/**
 * Menu labels: what can be typed (hand positions, market slots, board spaces by number) where the
 * terminal needs it; every other action in the words of the game's label helper.
 */
function label(T: RunTables, action: Action, view: AcornRunView): string {
  return withFinishWarning(T, terminalWords(T, action, view), action, view);
}

function terminalWords(T: RunTables, action: Action, view: AcornRunView): string {
  switch (action.type) {
    case 'add':
      return view.turn.pending[0]?.kind === 'pay' ? `pay 1 with ${cardIn(T, view, action.card, true)}` : `add ${cardIn(T, view, action.card)}`;
    case 'play': {
      const cell = action.cell !== undefined ? ` on space ${action.cell + 1} (${effectLabel(T.cells[action.cell]!.effect)})` : '';
      return `play ${cardIn(T, view, action.card)}${action.dir ? ` ${action.dir}` : ''}${cell}`;
    }
    case 'spend':
      return `spend an acorn: space ${action.cell + 1} (${effectLabel(T.cells[action.cell]!.effect)})`;
    case 'buy':
    case 'gain': {
      const c = view.market[action.row].row[action.index];
      return `${action.type} ${action.row[0]}${action.index + 1} ${c === null || c === undefined ? '—' : longCard(T, c)}`;
    }
    case 'discard':
    case 'trash':
      return `${action.type} ${cardIn(T, view, action.card)}`;
    default:
      return actionWords(T, action, view);
  }
}

/** Typed commands: "sprint red", "add 3", "play 2", "buy c1", "spend 4", "land upper", "end"… */
function parse(T: RunTables, text: string, view: AcornRunView, legal: readonly Action[]): { action: Action } | { error: string } | null {
  const t = text.trim().toLowerCase();
  const hand = view.me === null ? [] : (view.racers[view.me]!.hand ?? []);
  const found = (pred: (a: Action) => boolean, why: string): { action: Action } | { error: string } => {
    const action = legal.find(pred);
    return action ? { action } : { error: why };
  };
  const words = t.split(/\s+/);
  const verb = words[0] ?? '';
  const arg = words[1];
  // `done` while choosing what to discard at the end of the turn (R11) keeps the rest: the turn is done.
  if (verb === 'done' && !arg && view.turn.pending[0]?.kind === 'cleanup') return found((a) => a.type === 'keep', 'you cannot keep your cards now');
  if (['climb', 'descend', 'jump', 'slide', 'done', 'cancel', 'skip', 'keep', 'end'].includes(verb) && !arg) {
    return found((a) => a.type === verb, `you cannot ${verb} now`);
  }
  if (verb === 'sprint' && arg) return found((a) => a.type === 'sprint' && a.color.startsWith(arg), `you cannot sprint in ${arg} now (your lane's color or a higher one)`);
  if (verb === 'land' && arg) {
    return found((a) => {
      if (a.type !== 'land') return false;
      const s = space(T, a.to);
      return arg === 'upper' ? s.lane !== null && s.lane % 2 === 1 : arg === 'lower' ? s.lane !== null && s.lane % 2 === 0 : s.name === arg || arg === 'across';
    }, `you cannot land ${arg} now`);
  }
  if (['add', 'play', 'discard', 'trash', 'pay'].includes(verb) && arg && /^\d+$/.test(arg)) {
    const card = hand[Number(arg) - 1];
    if (card === undefined) return { error: `your hand has no card ${arg}` };
    const type = verb === 'pay' ? 'add' : verb;
    return found((a) => a.type === type && 'card' in a && kindOf(T, a.card).id === kindOf(T, card).id, `you cannot ${verb} ${shortCard(T, card)} now`);
  }
  if ((verb === 'buy' || verb === 'gain') && arg && /^[ce][1-3]$/.test(arg)) {
    const row: MarketRow = arg[0] === 'c' ? 'cheap' : 'expensive';
    const index = Number(arg[1]) - 1;
    return found((a) => a.type === verb && a.row === row && a.index === index, `you cannot ${verb} ${arg} now`);
  }
  if (verb === 'spend' && arg && /^\d+$/.test(arg)) {
    return found((a) => a.type === 'spend' && a.cell === Number(arg) - 1, `acorn space ${arg} is used, or you have no acorn`);
  }
  if (verb === 'refresh' && arg) return found((a) => a.type === 'refresh' && a.row.startsWith(arg), 'you have no refresh this turn');
  return null;
}

/** The terminal table of the race built from these tables. */
export const textUIFor = (T: RunTables): TextUI<AcornRunView, Action> => ({
  render: (view, viewer, names, size) => render(T, view, viewer, names, size),
  label: (action, view) => label(T, action, view),
  parse: (text, view, legal) => parse(T, text, view, legal),
  hint: (view) => hintFor(view.turn.pending[0]?.kind),
});

/** What may be typed now, for the choice the turn is in (the words `parse` takes for it). */
function hintFor(pending: AcornRunView['turn']['pending'][number]['kind'] | undefined): string {
  switch (pending) {
    case undefined:
      return 'a menu number, or: sprint red, climb, jump, play N, spend N, buy c1, end';
    case 'cleanup':
      return 'a menu number, or: discard N, or keep (done) to keep the rest';
    case 'pay':
      return 'a menu number, or: pay N (a card from your hand), cancel';
    case 'jump':
      return 'a menu number, or: add N (one more card), land upper|lower, cancel';
    case 'sprint':
    case 'climb':
    case 'descend':
      return 'a menu number, or: add N (one more card), done, cancel';
    case 'discard':
      return 'a menu number, or: discard N';
    case 'trash':
      return 'a menu number, or: trash N';
    case 'gain':
      return 'a menu number, or: gain c1';
  }
}
