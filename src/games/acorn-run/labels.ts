/**
 * Legal actions in words, for the buttons of a table (the web): cards by name, spaces by tree and
 * lane, never a space code or card number. Pure, beside the narrator whose words it shares.
 */
import type { RunTables } from './tables.js';
import type { Action } from './actions.js';
import { kindOf } from './cards.js';
import { effectLabel } from './describe.js';
import { cardName, spaceWords } from './narrate.js';
import { crossesFinish } from './crossing.js';
import type { AcornRunView } from './view.js';

const cellWords = (T: RunTables, cell: number): string => `"${T.cells[cell] ? effectLabel(T.cells[cell].effect) : 'an acorn space'}"`;

/** A button's label for `action`, one of `view`'s viewer's legal actions. */
export function actionLabel(T: RunTables, action: Action, view: AcornRunView): string {
  return withFinishWarning(T, actionWords(T, action, view), action, view);
}

/**
 * R12: crossing the finish line ends the turn at once, so a label warns before the player commits
 * (a player who meant to spend acorns first would otherwise be trapped).
 */
export function withFinishWarning(T: RunTables, text: string, action: Action, view: AcornRunView): string {
  const pos = view.me === null ? null : (view.racers[view.me]?.pos ?? null);
  return crossesFinish(T, pos, view.turn.pending[0], action) ? `${text} → FINISH (ends your turn now)` : text;
}

/** `action` in words, without the finish warning (the terminal words some actions its own way). */
export function actionWords(T: RunTables, action: Action, view: AcornRunView): string {
  switch (action.type) {
    case 'sprint':
      return `sprint in ${action.color}`;
    case 'climb':
    case 'descend':
    case 'jump':
    case 'slide':
    case 'done':
    case 'cancel':
    case 'skip':
    case 'keep':
    case 'end':
      return {
        climb: 'climb',
        descend: 'descend',
        jump: 'jump',
        slide: 'slide forward along the line',
        done: 'done: finish the move',
        cancel: 'cancel',
        skip: 'skip',
        keep: 'keep the rest and draw',
        end: 'end the turn',
      }[action.type];
    case 'add':
      return `${view.turn.pending[0]?.kind === 'pay' ? 'pay with' : 'add'} ${cardName(T, action.card)}`;
    case 'land':
      return `land on ${spaceWords(T, action.to)}`;
    case 'play': {
      const effect = kindOf(T, action.card).effect;
      const what = effect ? ` (${effectLabel(effect)})` : '';
      const dir = action.dir ? `, moving ${action.dir}` : '';
      const cell = action.cell !== undefined ? ` on ${cellWords(T, action.cell)}` : '';
      return `play ${cardName(T, action.card)}${what}${dir}${cell}`;
    }
    case 'spend':
      return `spend an acorn on ${cellWords(T, action.cell)}`;
    case 'refresh':
      return `refresh the ${action.row} market`;
    case 'buy':
    case 'gain': {
      const card = view.market[action.row].row[action.index];
      const what = card === null || card === undefined ? 'an empty slot' : `${cardName(T, card)} (cost ${kindOf(T, card).cost})`;
      return `${action.type} ${what}`;
    }
    case 'discard':
    case 'trash':
      return `${action.type} ${cardName(T, action.card)}`;
  }
}
