/**
 * Acorn Run's race log in words, for one viewer: spaces by tree, lane and number ("the upper red
 * lane of the Hazel tree, space 3"), cards by name, racers by seat name, "you" or dummy name.
 */
import type { RunTables } from './tables.js';
import {
  defineNarrator,
  listWords,
  plural,
  possessive,
  says,
  seatPerson,
  sentence,
  type NarrationContext,
  type AnyNarrator,
  type Person,
} from '../../engine/narration.js';
import { space } from './board.js';
import { kindOf } from './cards.js';
import { DUMMY_COLORS, DUMMY_NAMES, type DummyCardSpec } from './content/dummy-schema.js';
import { effectLabel } from './describe.js';
import { dummyCard } from './dummy/deck.js';
import type { RunEvent } from './events.js';
import { ordinal } from './play-aids.js';
import type { AcornRunView } from './view.js';

/** "the Hazel tree", "the Great Oak". */
export function treeWords(T: RunTables, tree: number): string {
  const name = T.board.trees[tree]?.name ?? `tree ${tree + 1}`;
  return name.includes(' ') ? `the ${name}` : `the ${name} tree`;
}

const laneWords = (T: RunTables, lane: number, tree: number): string =>
  `the ${lane % 2 === 1 ? 'upper' : 'lower'} ${space(T, T.board.trees[tree]!.lanes[lane]![0]!).zone!} lane of ${treeWords(T, tree)}`;

/** A space in words: "the upper red lane of the Hazel tree, space 3", "the green jump-off of the Go! Beech", "the finish line". */
export function spaceWords(T: RunTables, id: number): string {
  const s = space(T, id);
  if (s.kind === 'finish') return 'the finish line';
  if (s.lane === null) return `the ${s.zone!} jump-off of ${treeWords(T, s.tree)}`;
  return `${laneWords(T, s.lane, s.tree)}, space ${s.index + 1}`;
}

/** "along the lower green lane of the Hazel tree from space 2 to space 5", or "from … to …". */
export function pathWords(T: RunTables, from: number, to: number): string {
  const a = space(T, from);
  const b = space(T, to);
  if (a.lane !== null && a.lane === b.lane && a.tree === b.tree) {
    return `along ${laneWords(T, a.lane, a.tree)} from space ${a.index + 1} to space ${b.index + 1}`;
  }
  return `from ${spaceWords(T, from)} to ${spaceWords(T, to)}`;
}

export const cardName = (T: RunTables, card: number): string => kindOf(T, card).name;
const cardList = (T: RunTables, cards: readonly number[]): string => listWords(cards.map((c) => cardName(T, c)));

/** A dummy card by its level: "a first-turn dummy card", "a level II dummy card". */
export const dummyCardWords = (card: DummyCardSpec): string =>
  card.level === 'first' ? 'a first-turn dummy card' : `a level ${card.level} dummy card`;

/**
 * A racer in a sentence. Racers are the seats in seat order, then the dummies in DUMMY_COLORS
 * order (setup.ts), and `names` holds one name per seat, so the racer number says who it is.
 */
function racer(index: number, context: NarrationContext): Person {
  const seats = context.names.length;
  if (index < seats) return seatPerson(index, context);
  const color = DUMMY_COLORS[index - seats];
  return { name: color ? DUMMY_NAMES[color] : `racer ${index + 1}`, you: false };
}

const own = (p: Person): string => (p.you ? 'your' : 'their');
const pickUp = (acorns: number): string => (acorns > 0 ? `, picking up ${plural(acorns, 'acorn')}` : '');
const cellWords = (T: RunTables, cell: number): string => `the "${effectLabel(T.cells[cell]!.effect)}" space`;

function jumpSentence(T: RunTables, p: Person, e: Extract<RunEvent, { kind: 'jump' }>): string {
  const how = e.foliage ? 'across the foliage gap ' : '';
  const combo = e.cards.length >= 2 ? ` with a combo of ${e.cards.length} cards (${cardList(T, e.cards)})` : e.cards.length === 1 ? ` with ${cardName(T, e.cards[0]!)}` : '';
  const won = [...(e.vp > 0 ? [plural(e.vp, 'combo VP token')] : []), ...(e.acorns > 0 ? [plural(e.acorns, 'acorn')] : [])];
  const reward = e.spent > 0 ? `, trading an acorn for ${listWords(won) || 'nothing'}` : won.length > 0 ? `, winning ${listWords(won)}` : '';
  return `${says(p, 'jumps', 'jump')} ${how}${pathWords(T, e.from, e.to)}${combo}${reward}`;
}

function buySentence(T: RunTables, p: Person, e: Extract<RunEvent, { kind: 'buy' }>): string {
  const from = `from the ${e.row} market`;
  // A dummy takes a marked card (R14); a racer pays its cost with buying power and cards (R10).
  if (e.power === 0 && e.paid.length === 0) return `${says(p, 'takes', 'take')} ${cardName(T, e.card)} ${from}${e.spent > 0 ? ', paying an acorn' : ''}`;
  const paid = [...(e.power > 0 ? [`${e.power} buying power`] : []), ...e.paid.map((c) => cardName(T, c))];
  return `${says(p, 'buys', 'buy')} ${cardName(T, e.card)} ${from}, paying with ${listWords(paid)}`;
}

function resultsSentence(e: Extract<RunEvent, { kind: 'race-over' }>, context: NarrationContext): string {
  const rows = e.results
    .map((r) => ({ ...r, total: r.out ? 0 : r.raceVp + r.comboVp }))
    .sort((a, b) => b.total - a.total || a.racer - b.racer)
    .map((r) => {
      const who = racer(r.racer, context).name;
      return r.out ? `${who} ran out of time` : `${who} ${r.total} VP (${r.raceVp} race + ${r.comboVp} combo)`;
    });
  return `the race is over: ${rows.join(', ')}`;
}

export function narrateEvent(T: RunTables, e: RunEvent, context: NarrationContext): string {
  switch (e.kind) {
    case 'round':
      return `Round ${e.round} begins.`;
    case 'sunset':
      return `The sun sets after round ${e.round}: the course closes, and everyone still racing is out of time.`;
    case 'race-over':
      return sentence(resultsSentence(e, context));
    case 'dummy-turn':
      return sentence(`the dummies' turn: they draw ${e.card === null ? 'no card' : dummyCardWords(dummyCard(T, e.card))}`);
    default:
      return sentence(racerSentence(T, e, racer(e.racer, context), context));
  }
}

function racerSentence(T: RunTables, e: Exclude<RunEvent, { kind: 'round' | 'sunset' | 'race-over' | 'dummy-turn' }>, p: Person, context: NarrationContext): string {
  switch (e.kind) {
    case 'sprint':
      return `${says(p, 'sprints', 'sprint')} in ${e.color} ${pathWords(T, e.from, e.to)} with ${cardList(T, e.cards)}${pickUp(e.acorns)}`;
    case 'climb':
    case 'descend':
      return `${says(p, `${e.kind}s`, e.kind)} ${pathWords(T, e.from, e.to)} with ${cardList(T, e.cards)}${pickUp(e.acorns)}`;
    case 'move':
    case 'step':
      return `${says(p, 'moves', 'move')} ${pathWords(T, e.from, e.to)}${pickUp(e.acorns)}${e.kind === 'step' && e.dropped ? ', leaving an acorn behind' : ''}`;
    case 'jump':
      return jumpSentence(T, p, e);
    case 'wait':
      return `${says(p, 'waits', 'wait')} on ${spaceWords(T, e.at)}: there is nowhere to land yet`;
    case 'play': {
      const effect = kindOf(T, e.card).effect;
      const plays = `${says(p, 'plays', 'play')} ${cardName(T, e.card)}`;
      // R9: acorn cards use a space of the player board; "oops" takes an acorn back off one.
      if (e.cell !== undefined && effect?.kind === 'oops') return `${plays}, taking back the acorn on ${cellWords(T, e.cell)} of ${own(p)} board`;
      if (e.cell !== undefined) return `${plays} on ${cellWords(T, e.cell)} of ${own(p)} board`;
      return `${plays}${effect ? ` (${effectLabel(effect)})` : ''}`;
    }
    case 'spend': {
      const bonus = e.bonus ? ` and ${p.you ? 'complete' : 'completes'} the column (${effectLabel(T.content.playerBoard.columns[T.cells[e.cell]!.column]!.bonus)})` : '';
      return `${says(p, 'spends', 'spend')} an acorn on ${cellWords(T, e.cell)} of ${own(p)} board${bonus}`;
    }
    case 'tokens':
      return `${says(p, 'wins', 'win')} ${plural(e.count, 'combo VP token')}`;
    case 'acorns':
      return `${says(p, 'gains', 'gain')} ${plural(e.count, 'acorn')}`;
    case 'draw': {
      const what = e.cards !== null ? cardList(T, e.cards) : plural(e.count, 'card');
      if (!e.reshuffled) return `${says(p, 'draws', 'draw')} ${what}`;
      return `${says(p, 'shuffles', 'shuffle')} ${own(p)} discard pile into a new deck and ${p.you ? 'draw' : 'draws'} ${what}`;
    }
    case 'discard':
      return `${says(p, 'discards', 'discard')} ${cardName(T, e.card)}`;
    case 'trash':
      return `${says(p, 'trashes', 'trash')} ${cardName(T, e.card)}`;
    case 'buy':
      return buySentence(T, p, e);
    case 'gain':
      return `${says(p, 'gains', 'gain')} ${cardName(T, e.card)} from the ${e.row} market for free`;
    case 'refresh':
      return `${says(p, 'refreshes', 'refresh')} the ${e.row} market: ${cardList(T, e.boxed) || 'nothing'} ${e.boxed.length === 1 ? 'goes' : 'go'} to the box`;
    case 'share': {
      // R8 (amended): a turn may end on a taken space only when nothing else is left to do.
      const others = e.with.map((i) => racer(i, context));
      const verb = others.length === 1 && !others[0]!.you ? 'holds' : 'hold';
      return `${says(p, 'ends', 'end')} the turn on ${spaceWords(T, e.at)}, which ${listWords(others.map((o) => o.name))} ${verb} too: there was nothing else left to do`;
    }
    case 'finish':
      return `${says(p, 'crosses', 'cross')} the finish line and ${p.you ? 'take' : 'takes'} the ${ordinal(e.place + 1)} results space (${T.content.race.results[e.place] ?? 0} race VP)`;
    case 'out-of-time':
      return `${possessive(p)} turn blocks the ${ordinal(e.place + 1)} results space (${T.content.race.results[e.place] ?? 0} VP) with a running-out-of-time token`;
  }
}

/** The narrator of the race built from these tables (a package's, or a web module's). */
export const narratorFor = (T: RunTables): AnyNarrator =>
  defineNarrator<AcornRunView, RunEvent>({ log: (view) => view.log, narrate: (e, context) => narrateEvent(T, e, context) });
