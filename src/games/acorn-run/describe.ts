/**
 * Actions in words: one line per action for logs and replays, and the reason an action is not
 * legal now, in terms a player understands.
 */
import type { RunTables } from './tables.js';
import type { Action } from './actions.js';
import { space } from './board.js';
import { cardLabel, isCardNumber, kindOf } from './cards.js';
import type { Effect } from './content/schema.js';
import { currentRacer, type State } from './state.js';
import { sprintColors } from './moves.js';
import { crossesFinish } from './crossing.js';

export function effectLabel(e: Effect): string {
  switch (e.kind) {
    case 'move':
      return `move ${e.dir}`;
    case 'sprint-plus':
      return `sprint +${e.spaces}`;
    case 'extra-sprint':
      return 'extra sprint';
    case 'extra-move':
      return 'extra main move';
    case 'big-acorn':
      return 'big acorn';
    case 'small-acorn':
      return 'small acorn';
    case 'oops':
      return 'oops';
    case 'draw':
      return `draw ${e.cards}`;
    case 'cycle':
      return `draw ${e.draw}, discard ${e.discard}`;
    case 'buying-power':
      return `+${e.amount} buying power${e.refresh ? ' (may refresh a row)' : ''}`;
    case 'trash':
      return 'trash a card';
    case 'gain':
      return 'gain a market card';
    case 'combo-vp':
      return `${e.tokens} combo VP`;
    case 'acorns':
      return `${e.count} acorn${e.count > 1 ? 's' : ''}`;
  }
}

export const spaceLabel = (T: RunTables, id: number): string => space(T, id).name;
const card = (T: RunTables, c: number): string => (isCardNumber(T, c) ? cardLabel(T, c) : `card ${c}`);
const cellLabel = (T: RunTables, cell: number): string => {
  const c = T.cells[cell];
  return c ? `acorn space ${cell + 1} (${effectLabel(c.effect)})` : `acorn space ${cell + 1}`;
};

export function describeAction(T: RunTables, state: State, action: Action): string {
  const line = describe(T, state, action);
  // R12: crossing the finish line ends the turn at once; say so before it happens.
  return crossesFinish(T, currentRacer(state).pos, state.turn.pending[0], action) ? `${line} and crosses the finish line (this ends the turn)` : line;
}

function describe(T: RunTables, state: State, action: Action): string {
  const p = state.turn.pending[0];
  switch (action.type) {
    case 'sprint':
      return `starts a ${action.color} sprint`;
    case 'climb':
      return 'starts a climb';
    case 'descend':
      return 'starts a descent';
    case 'jump':
      return 'starts a jump';
    case 'add':
      switch (p?.kind) {
        case 'sprint':
          return `sprints with ${card(T, action.card)}`;
        case 'climb':
          return `climbs with ${card(T, action.card)}`;
        case 'descend':
          return `descends with ${card(T, action.card)}`;
        case 'jump':
          return `adds ${card(T, action.card)} to the combo`;
        case 'pay':
          return `pays with ${card(T, action.card)}`;
        default:
          return `adds ${card(T, action.card)}`;
      }
    case 'slide':
      return 'slides forward along the line';
    case 'land':
      return `lands on ${spaceLabel(T, action.to)}`;
    case 'done':
      return `finishes the ${p?.kind ?? 'move'}`;
    case 'cancel':
      return `takes back the ${p?.kind === 'pay' ? 'purchase' : (p?.kind ?? 'move')}`;
    case 'play': {
      const e = isCardNumber(T, action.card) ? kindOf(T, action.card).effect : null;
      const what = e ? effectLabel(e) : 'its effect';
      const dir = action.dir ? ` ${action.dir}` : '';
      const cell = action.cell !== undefined ? ` on ${cellLabel(T, action.cell)}` : '';
      return `plays ${card(T, action.card)} (${what})${dir}${cell}`;
    }
    case 'spend':
      return `spends an acorn on ${cellLabel(T, action.cell)}`;
    case 'refresh':
      return `refreshes the ${action.row} market row`;
    case 'buy': {
      const c = state.market[action.row].row[action.index];
      return `buys ${c === null || c === undefined ? 'an empty slot' : card(T, c)}`;
    }
    case 'gain': {
      const c = state.market[action.row].row[action.index];
      return `gains ${c === null || c === undefined ? 'an empty slot' : card(T, c)} for free`;
    }
    case 'discard':
      return `discards ${card(T, action.card)}`;
    case 'trash':
      return `trashes ${card(T, action.card)}`;
    case 'skip':
      return `skips the ${p?.kind ?? 'choice'}`;
    case 'end':
      return 'ends the turn';
    case 'keep': {
      const kept = currentRacer(state).hand.length;
      return `keeps ${kept} card${kept === 1 ? '' : 's'} and draws`;
    }
  }
}

/** Why a well-formed action is not legal for `seat` now. */
export function explainIllegal(T: RunTables, state: State, seat: number, action: Action): string {
  if (state.over) return 'the race is over';
  const r = currentRacer(state);
  if (r.seat !== seat) return `it is seat ${r.seat}'s turn`;
  const p = state.turn.pending[0];
  const hasCard = 'card' in action && typeof action.card === 'number' && r.hand.includes(action.card);
  if (p) {
    const finishing: Record<string, string> = {
      sprint: 'finish the sprint with done, add a card, or cancel it',
      climb: 'finish the climb with done, add a card, slide, or cancel it',
      descend: 'finish the descent with done, add a card, slide, or cancel it',
      jump: 'add a combo card, land, or cancel the jump',
      pay: 'pay the rest of the price with cards from your hand, or cancel the purchase',
      discard: p.kind === 'discard' ? `discard ${p.count} more card${p.count === 1 ? '' : 's'} first` : 'discard first',
      trash: 'choose a card to trash, or skip',
      gain: 'choose a market card to gain, or skip',
      cleanup: 'discard unused cards, or keep the rest to end your turn',
    };
    if ('card' in action && !hasCard && action.type !== 'trash') return 'that card is not in your hand';
    return `${action.type} is not possible now: ${finishing[p.kind]}`;
  }
  // The why-not lines follow the rulings (sprint R2, R3; climb and descent R4; jump R5, R6; spend
  // R9; buy R10; end R8), which players read in the rules, not as codes in the lines (issue 25).
  switch (action.type) {
    case 'sprint': {
      if (r.pos === null) return 'your pawn is not on the track';
      const zone = space(T, r.pos).zone;
      if (state.turn.mainMoves === 0 && state.turn.extraSprints === 0) return 'you have used your main move this turn';
      if (zone && !sprintColors(zone).includes(action.color)) return `in a ${zone} lane you may sprint only with ${sprintColors(zone).join(' or ')} cards`;
      return `you cannot sprint ${action.color} from here`;
    }
    case 'climb':
    case 'descend':
      if (state.turn.mainMoves === 0) return 'you have used your main move this turn';
      return `you cannot ${action.type} from here with the cards in your hand`;
    case 'jump':
      return 'you can jump only from a jump-off space or the edge of a foliage gap, with cards in hand';
    case 'play':
      if (!hasCard) return 'that card is not in your hand';
      return 'that card cannot be played for its effect like this now';
    case 'spend':
      if (r.acorns === 0) return 'you have no acorn to spend';
      return 'that acorn space is used, or its action cannot be done now';
    case 'buy':
      return 'that market slot is empty or you cannot pay its cost';
    case 'refresh':
      return 'refreshing a market row needs a buying-power effect this turn';
    case 'end':
      // R8 (amended): only the end of the turn must be on a free space.
      return 'you cannot end your turn on a space another pawn holds: move on first (only when nothing else is left to do may you end it there)';
    default:
      return `${action.type} is only possible in the middle of a move, a purchase or a choice`;
  }
}
