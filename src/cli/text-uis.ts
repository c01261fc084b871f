/**
 * Which TextUI draws which game in the terminal. A game's helper adds its own line here.
 */
import { narrate as narrateAcornRun, textUI as acornRunUI } from '../games/acorn-run/text.js';
import { describeLogEvent as describeAcornsEvent, textUI as acornsUI } from '../games/acorns/text.js';
import type { AcornsView } from '../games/acorns/view.js';
import { describeEvent, textUI as autumnLeavesUI } from '../games/autumn-leaves/text.js';
import type { View as AutumnLeavesView } from '../games/autumn-leaves/view.js';
import { logNarrator } from './narrate.js';
import type { TableUI } from './table-ui.js';

// Each entry is a game's TextUI with its type parameters erased (method syntax keeps that
// sound enough: the CLI only ever hands a game's UI that game's own views and actions), plus,
// optionally, a narrator for "since your last move" (see table-ui.ts).
const TEXT_UIS: Record<string, TableUI> = {
  acorns: { ...acornsUI, events: logNarrator((v: AcornsView) => v.log, describeAcornsEvent) },
  'autumn-leaves': { ...autumnLeavesUI, events: logNarrator((v: AutumnLeavesView) => v.log, describeEvent) },
  'acorn-run': { ...acornRunUI, events: narrateAcornRun },
};

/** The terminal UI of a game, or undefined when it has none yet. */
export function textUIFor(gameId: string): TableUI | undefined {
  return TEXT_UIS[gameId];
}
