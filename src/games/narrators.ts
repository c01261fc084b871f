/**
 * Each game's narrator, by game id: the one lookup the terminal, `drey replay`, the web table log
 * and the replay viewer use to tell a game's public events (see engine/narration.ts). Pure, so the
 * web imports it too.
 */
import type { AnyNarrator } from '../engine/narration.js';
import { acornRunNarrator } from './acorn-run/narrate.js';
import { acornsNarrator } from './acorns/narrate.js';
import { autumnLeavesNarrator } from './autumn-leaves/narrate.js';

const NARRATORS: Readonly<Record<string, AnyNarrator>> = {
  'autumn-leaves': autumnLeavesNarrator,
  acorns: acornsNarrator,
  'acorn-run': acornRunNarrator,
};

/** The narrator of a game, or undefined for a game that has none. */
export function narratorFor(gameId: string): AnyNarrator | undefined {
  return NARRATORS[gameId];
}
