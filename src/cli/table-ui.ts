/**
 * What the terminal table needs from a game beyond the TextUI contract: optionally, a narrator
 * that says what happened between two of your views. Without one the table says only who acted,
 * because describeAction may name cards that are hidden at the table.
 */
import type { Viewer } from '../engine/game.js';
import type { TextUI } from '../games/text-ui.js';

export interface TableUI<View = unknown> extends TextUI<View> {
  /**
   * What `viewer` saw happen between `before` (undefined at the start) and `after`, one short
   * line per event, oldest first, from the views alone.
   */
  events?(before: View | undefined, after: View, viewer: Viewer, names: readonly string[]): string[];
}
