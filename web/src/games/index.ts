/** The web tables, by game id. Adding a game: one folder under games/ and one line here. */
import { acornRunModule } from './acorn-run/index.js';
import { acornsModule } from './acorns/index.js';
import { autumnLeavesModule } from './autumn-leaves/index.js';
import type { AnyGameModule } from './types.js';

const MODULES: readonly AnyGameModule[] = [autumnLeavesModule, acornsModule, acornRunModule];

export const gameModule = (id: string): AnyGameModule | undefined => MODULES.find((m) => m.id === id);
