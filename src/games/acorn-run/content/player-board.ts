/**
 * The player board's acorn-action grid (R9): four columns of three spaces, each column with a
 * bonus for filling it. Columns are themed so that a player filling one commits to a plan:
 * moving, thinning the deck, buying, or cycling cards. Our design; see docs/rules/acorn-run.md.
 */
import type { PlayerBoardSpec } from './schema.js';

export const PLAYER_BOARD: PlayerBoardSpec = {
  columns: [
    {
      // Moves: free moves in every direction; completing them grants another main move.
      cells: [{ kind: 'move', dir: 'forward' }, { kind: 'move', dir: 'up' }, { kind: 'move', dir: 'down' }],
      bonus: { kind: 'extra-move' },
    },
    {
      // Card filtering: draw and cycle towards a combo; completing it pays a combo VP.
      cells: [{ kind: 'draw', cards: 1 }, { kind: 'cycle', draw: 2, discard: 2 }, { kind: 'draw', cards: 1 }],
      bonus: { kind: 'combo-vp', tokens: 1 },
    },
    {
      // Deck improvement: buying power and thinning; completing it gives a free market card.
      cells: [
        { kind: 'buying-power', amount: 2, refresh: true },
        { kind: 'trash' },
        { kind: 'buying-power', amount: 2, refresh: true },
      ],
      bonus: { kind: 'gain' },
    },
    {
      // The long run: two forward moves and a free card; completing it pays two combo VP.
      cells: [{ kind: 'move', dir: 'forward' }, { kind: 'gain' }, { kind: 'move', dir: 'forward' }],
      bonus: { kind: 'combo-vp', tokens: 2 },
    },
  ],
};
