/**
 * Acorns in the terminal: the table as one seat sees it, short menu labels and typed moves.
 *
 * Short card names, used on screen and accepted when typing (full ids work too):
 *   t5-2  tree-5-2 (t5 for "any 5-acorn tree" in your hand, or the only one in play)
 *   r2    a red card with 2 squirrels (b, g, r, y = blue, green, red, yellow)
 *   fox-r fox-red      turtle
 * Moves: draw (d) · plant t5 (p) · r2 t5-2 (or squirrel r2 t5-2, s r2 on t5-2) · fox r t5-2 (f) ·
 *        turtle t5-2 · discard r1 (x) · pass. The word "on" may go anywhere; menu labels parse.
 */
import type { Seat } from '../../engine/game.js';
import { actionKey } from '../../engine/match.js';
import { wrapWords, type TextUI } from '../text-ui.js';
import type { AcornsAction } from './actions.js';
import { COLORS, type Color } from './content/index.js';
import { cardOf, type AcornsTables } from './tables.js';
import { whyIllegal } from './explain.js';
import type { AcornsView, TreeView } from './view.js';

const TREE_LINES = 9;
/** Where the "→ leader" column starts on a tree line (after the two-space indent). */
const LEAD_COLUMN = 60;

const nameOf = (names: readonly string[], seat: Seat): string => names[seat] ?? `Seat ${seat + 1}`;
const sideName = (names: readonly string[], seats: readonly Seat[]): string => seats.map((s) => nameOf(names, s)).join('+');

/** The short name of a card: t5-2, r2, fox-r, turtle. `copy: false` drops a tree's copy number. */
export function shortName(tables: AcornsTables, id: string, copy = true): string {
  const card = cardOf(tables, id);
  if (!card) return id;
  switch (card.kind) {
    case 'tree':
      return copy ? `t${id.slice('tree-'.length)}` : `t${card.acorns}`;
    case 'squirrel':
      return `${card.color[0]!}${card.squirrels}`;
    case 'fox':
      return `fox-${card.color[0]!}`;
    case 'turtle':
      return 'turtle';
  }
}

/** A hand grouped by kind, identical cards counted: "t5 t3 · r2×2 b1 · fox-r · turtle". */
export function handText(tables: AcornsTables, hand: readonly string[]): string {
  const groups = new Map<string, Map<string, number>>();
  for (const id of hand) {
    const kind = cardOf(tables, id)?.kind ?? 'tree';
    const name = shortName(tables, id, false);
    const g = groups.get(kind) ?? new Map<string, number>();
    g.set(name, (g.get(name) ?? 0) + 1);
    groups.set(kind, g);
  }
  const parts = ['tree', 'squirrel', 'fox', 'turtle'].flatMap((kind) => {
    const g = groups.get(kind);
    return g ? [[...g].map(([name, n]) => (n > 1 ? `${name}×${n}` : name)).join(' ')] : [];
  });
  return parts.length > 0 ? parts.join(' · ') : '(empty)';
}

/** Partner game: teams go by a letter on tree lines (the score line gives the letters). */
const teamLetter = (seats: readonly Seat[]): string => String.fromCharCode(65 + (seats[0]! >> 1));
const ownerName = (names: readonly string[], seats: readonly Seat[]): string =>
  seats.length > 1 ? `team ${teamLetter(seats)}` : sideName(names, seats);

function treeLine(tables: AcornsTables, t: TreeView, names: readonly string[]): string {
  const head = `${shortName(tables, t.tree).padEnd(5)} ${String(t.acorns).padStart(1)} ${nameOf(names, t.owner).slice(0, 7).padEnd(7)}`;
  const groups = t.groups.map((g) => `${g.color} ${g.owners.length > 1 ? teamLetter(g.owners) : sideName(names, g.owners)} ${g.total}`);
  const guards = t.guards.map((g) => `${shortName(tables, g.card)}(${nameOf(names, g.seat)})`);
  const body = [groups.join(', ') || 'no squirrels', ...(guards.length > 0 ? [guards.join(' ')] : [])].join(' · ');
  const lead = t.leaders.length > 0 ? `→ ${ownerName(names, t.leaders)}` : t.groups.length > 0 ? '→ tie' : '';
  const line = `${head} ${body}`;
  // Leaders line up in one column; a long line gives way to its leader.
  const room = Math.min(LEAD_COLUMN, 78 - lead.length) - 1;
  return lead ? `${line.length > room ? `${line.slice(0, room - 1)}…` : line.padEnd(room)} ${lead}` : line.slice(0, 78);
}

/** `items` joined by " · " after `head`, wrapped within 80 columns under the first item. */
function wrap(head: string, items: readonly string[]): string[] {
  const lines: string[] = [];
  let line = head;
  for (const item of items) {
    const sep = line.length > head.length ? ' · ' : '';
    if (line.length + sep.length + item.length > 80 && line.length > head.length) {
      lines.push(line);
      line = ' '.repeat(head.length) + item;
    } else line += sep + item;
  }
  lines.push(line.slice(0, 80));
  return lines;
}

function render(tables: AcornsTables, view: AcornsView, viewer: Seat | 'spectator', names: readonly string[]): string[] {
  const you = viewer === 'spectator' ? null : viewer;
  const who = (s: Seat) => (s === you ? 'You' : nameOf(names, s));
  const shown = names.map((n, s) => (s === you ? 'You' : n));
  const lines: string[] = [];
  const turn = view.turn === null ? 'game over' : view.turn === you ? 'your turn' : `${who(view.turn)}'s turn`;
  lines.push(`Acorns${view.partners ? ' (partners)' : ''} · round ${view.round} · draw pile ${view.drawPile} · ${turn}`);
  const piles = view.scorePiles.map((p) => `${p.seats.length > 1 ? `${teamLetter(p.seats)} ` : ''}${sideName(shown, p.seats)} ${p.acorns}`);
  lines.push(...wrap('Claimed acorns: ', piles));
  const sizes = view.handSizes.map((n, s) => `${who(s)} ${n}${view.sittingOut.includes(s) ? ' (out)' : ''}`);
  lines.push(...wrap('Cards in hand: ', sizes));
  if (view.trees.length === 0) lines.push('No trees in play.');
  else {
    lines.push('Trees in play (acorns, planted by; groups; fox/turtle → who leads):');
    const trees = view.trees.map((t) => `  ${treeLine(tables, t, shown)}`.slice(0, 80));
    if (trees.length > TREE_LINES) {
      lines.push(...trees.slice(0, TREE_LINES - 1));
      const rest = view.trees.slice(TREE_LINES - 1).map((t) => `${shortName(tables, t.tree)}${t.leaders.length > 0 ? `→${ownerName(shown, t.leaders)}` : ''}`);
      lines.push(`  also: ${rest.join(' ')}`.slice(0, 80));
    } else lines.push(...trees);
  }
  if (view.hand) lines.push(...wrapWords('Your hand: ', handText(tables, view.hand).split(' ')));
  if (view.revealedHands) {
    const left = view.revealedHands.flatMap((h, s) => {
      const trees = h.filter((c) => cardOf(tables, c)?.kind === 'tree');
      return trees.length > 0 ? [`${who(s)} ${handText(tables, trees)}`] : [];
    });
    lines.push(`Trees left in hand: ${left.join(' · ') || 'none'}`.slice(0, 80));
  }
  return lines;
}

function label(tables: AcornsTables, action: AcornsAction): string {
  switch (action.type) {
    case 'draw':
      return 'draw';
    case 'pass':
      return 'pass';
    case 'plant':
      return `plant ${shortName(tables, action.card, false)}`;
    case 'squirrel':
    case 'fox':
      return `${shortName(tables, action.card)} on ${shortName(tables, action.tree)}`;
    case 'turtle':
      return `turtle on ${shortName(tables, action.tree)}`;
    case 'discard':
      return `discard ${shortName(tables, action.card)}`;
  }
}

const COLOR_WORD = /^(r|red|b|blue|g|green|y|yellow)$/;
const colorOf = (word: string): Color => COLORS.find((c) => c[0] === word[0])!;

/** A card the player names: its face (kind, numbers, color), or an error sentence. */
type Face = { face: string; words: string } | { error: string };

function parseCard(tables: AcornsTables, word: string, want: 'tree' | 'squirrel' | 'fox' | 'any'): Face {
  const index = tables.byId.get(word);
  if (index !== undefined) return { face: tables.face[index]!, words: word };
  let m = /^t(?:ree)?-?(\d+)(?:-\d+)?$/.exec(word);
  if (m && (want === 'tree' || want === 'any')) return { face: `tree-${m[1]!}`, words: `${m[1]!}-acorn tree` };
  m = /^(?:squirrel-)?(r|red|b|blue|g|green|y|yellow)-?(\d)(?:-\d+)?$/.exec(word);
  if (m && (want === 'squirrel' || want === 'any')) {
    const color = colorOf(m[1]!);
    return { face: `squirrel-${color}-${m[2]!}`, words: `${color} ${m[2]!}-squirrel card` };
  }
  m = /^(?:fox-?)?(r|red|b|blue|g|green|y|yellow)$/.exec(word);
  if (m && (want === 'fox' || (want === 'any' && word.startsWith('fox')))) {
    const color = colorOf(m[1]!);
    return { face: `fox-${color}`, words: `${color} fox` };
  }
  if (word === 'turtle' && want === 'any') return { face: 'turtle', words: 'turtle' };
  const example = { tree: 't5', squirrel: 'r2', fox: 'red', any: 'r1' }[want];
  return { error: `'${word}' is not a card I know (for example ${example}, or a full id like ${want === 'tree' ? 'tree-5-2' : 'squirrel-red-2-1'})` };
}

/** The lowest copy of `face` in the hand (the one the rules let you play), if any. */
const heldCopy = (tables: AcornsTables, view: AcornsView, face: string): string | undefined =>
  (view.hand ?? []).find((id) => tables.face[tables.byId.get(id)!] === face);

/** A tree in play the player names: t5-2, 5-2, tree-5-2, or t5 / 5 when only one such tree is in play. */
function parseTree(tables: AcornsTables, word: string, view: AcornsView): { tree: string } | { error: string } {
  const m = /^(?:tree-|t)?(\d+)(?:-(\d+))?$/.exec(word);
  const inPlay = view.trees.map((t) => t.tree).join(', ').replace(/tree-/g, 't') || 'none';
  if (!m) return { error: `'${word}' is not a tree (trees in play: ${inPlay})` };
  const matches = view.trees.filter((t) => (m[2] ? t.tree === `tree-${m[1]!}-${m[2]}` : t.acorns === Number(m[1])));
  if (matches.length === 1) return { tree: matches[0]!.tree };
  if (matches.length > 1) return { error: `more than one ${m[1]!}-acorn tree is in play: say which (${matches.map((t) => shortName(tables, t.tree)).join(', ')})` };
  return { error: `there is no tree ${m[2] ? `t${m[1]!}-${m[2]}` : `worth ${m[1]!}`} in play (trees in play: ${inPlay})` };
}

const USAGE = 'try: draw · plant t5 · r2 t5-2 · fox red t5-2 · turtle t5-2 · discard r1 · pass';

/** Typed text → an action (legal or not; the caller checks), an error, or null for a bare number. */
function toAction(tables: AcornsTables, text: string, view: AcornsView): { action: AcornsAction } | { error: string } | null {
  const words = text.trim().toLowerCase().split(/\s+/).filter((w) => w !== '' && w !== 'on');
  if (words.length === 0 || (words.length === 1 && /^\d+$/.test(words[0]!))) return null;
  const [verb, ...rest] = words as [string, ...string[]];
  const held = (face: Face): { id: string } | { error: string } => {
    if ('error' in face) return face;
    const id = heldCopy(tables, view, face.face);
    return id ? { id } : { error: `you have no ${face.words} (your hand: ${handText(tables, view.hand ?? [])})` };
  };
  const onTree = (cardWord: string, treeWord: string | undefined, want: 'squirrel' | 'fox') => {
    if (!treeWord) return { error: `say which tree, for example: ${want === 'fox' ? 'fox red' : cardWord} t5-2` };
    const card = held(parseCard(tables, cardWord, want));
    if ('error' in card) return card;
    const tree = parseTree(tables, treeWord, view);
    if ('error' in tree) return tree;
    return { action: { type: want, card: card.id, tree: tree.tree } as AcornsAction };
  };
  switch (verb) {
    case 'd':
    case 'draw':
      return { action: { type: 'draw' } };
    case 'pass':
      return { action: { type: 'pass' } };
    case 'p':
    case 'plant': {
      if (!rest[0]) return { error: 'say which tree to plant, for example: plant t5' };
      const card = held(parseCard(tables, rest[0], 'tree'));
      return 'error' in card ? card : { action: { type: 'plant', card: card.id } };
    }
    case 'x':
    case 'discard': {
      if (!rest[0]) return { error: 'say which card to discard, for example: discard r1' };
      const card = held(parseCard(tables, rest[0], 'any'));
      return 'error' in card ? card : { action: { type: 'discard', card: card.id } };
    }
    case 'turtle': {
      if (!rest[0]) return { error: 'say which tree the turtle defends, for example: turtle t5-2' };
      const tree = parseTree(tables, rest[0], view);
      return 'error' in tree ? tree : { action: { type: 'turtle', tree: tree.tree } };
    }
    case 'f':
    case 'fox':
      return rest[0] ? onTree(rest[0], rest[1], 'fox') : { error: 'say which fox and which tree, for example: fox red t5-2' };
    case 's':
    case 'squirrel':
      return rest[0] ? onTree(rest[0], rest[1], 'squirrel') : { error: 'say which card and which tree, for example: r2 t5-2' };
    default:
      if (/^fox-/.test(verb)) return onTree(verb, rest[0], 'fox');
      if (/^(?:squirrel-)?(r|red|b|blue|g|green|y|yellow)-?\d/.test(verb)) return onTree(verb, rest[0], 'squirrel');
      if (COLOR_WORD.test(verb)) return { error: `say how many squirrels too, for example: ${verb[0]!}2 t5-2` };
      return { error: `I don't understand '${text.trim()}': ${USAGE}` };
  }
}

/** The terminal UI of the game built from these tables. */
export const makeTextUI = (tables: AcornsTables): TextUI<AcornsView, AcornsAction> => ({
  render: (view, viewer, names) => render(tables, view, viewer, names),
  label: (action) => label(tables, action),
  parse(text, view, legal) {
    const parsed = toAction(tables, text, view);
    if (parsed === null || 'error' in parsed) return parsed;
    const key = actionKey(parsed.action);
    const action = legal.find((a) => actionKey(a) === key);
    if (action) return { action };
    if (view.viewer === 'spectator') return { error: 'spectators do not play' };
    return { error: whyIllegal(tables, view, view.viewer, parsed.action) ?? 'that move is not legal now' };
  },
  hint(view) {
    if (view.drawPile === 0) return 'The draw pile is out: play a card or discard one ("r2 t5-2", "discard r1").';
    return 'Type a move ("draw", "plant t5", "r2 t5-2", "fox red t5-2") or a menu number.';
  },
});
