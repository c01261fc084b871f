/** Autumn Leaves in the browser: the table (the log comes from the game's narrator). */
import { createElement } from 'react';
import type { Action } from '../../../../src/games/autumn-leaves/state.js';
import type { View } from '../../../../src/games/autumn-leaves/view.js';
import { leavesStatsOf } from '../../../../src/games/autumn-leaves/stats.js';
import { autumnLeavesNarrator } from '../../../../src/games/autumn-leaves/narrate.js';
import { BUILTIN_TABLES, compileContent, DeckSchema, type LeavesTables } from '../../../../src/games/autumn-leaves/content/index.js';
import { defineGame, type GameModule, type TableProps } from '../types.js';
import { MaxRank } from './Card.js';
import { AutumnLeavesTable } from './Table.js';

/**
 * The module drawing the deck of `tables`: the cards' colours run from the lowest rank to this
 * deck's highest (Card.tsx). The builtin module draws the shipped deck.
 */
function moduleFor(tables: LeavesTables): GameModule<View, Action> {
  const Table =
    tables === BUILTIN_TABLES
      ? AutumnLeavesTable
      : (props: TableProps<View, Action>) => createElement(MaxRank.Provider, { value: tables.maxRank }, createElement(AutumnLeavesTable, props));
  return {
    id: 'autumn-leaves',
    accent: '#cf5120',
    narrator: autumnLeavesNarrator,
    Table,
    stats: leavesStatsOf,
    // Since your last move (issue 25): leaf piles that grew are marked (a new hand starts new piles).
    pieces: (view) => Object.fromEntries(view.piles.map((pile, s) => [`pile:${s}`, `${view.hand}:${pile.length}`])),
    // The variant's one content file, 'deck' (src/games/autumn-leaves/content): parsed as the server parsed it.
    withContent: (files) => moduleFor(compileContent(DeckSchema.parse(files.deck))),
  };
}

export const autumnLeavesModule = defineGame(moduleFor(BUILTIN_TABLES));
