/**
 * The race track: seven trees from the Go! tree to the Great Oak. Each tree is six lanes drawn
 * top (red, upper) to bottom (green, lower); see treeSchema in schema.ts for the characters.
 * Red lanes are short (thin branches, fast but red cards only), green lanes long (thick
 * branches, any card sprints there), yellow in between (R1, R3). Spaces that share a column in
 * neighbouring lanes are linked up/down; '-' runs are horizontal lines (R4); '~' runs are
 * foliage gaps (R6); digits are acorns that need that many racers (R8).
 */
import type { BoardSpec } from './schema.js';

export const BOARD: BoardSpec = {
  trees: [
    {
      name: 'Go! Beech',
      lanes: [
        'o.....a.....o', // red, upper
        'o.....a-----o', // red, lower
        'o.o...a.....o', // yellow, upper
        'o.o.o...a...3', // yellow, lower
        'o.o.o.a.o.o.o', // green, upper
        'o.o.o.o.o.o.o', // green, lower
      ],
    },
    {
      name: 'Hazel',
      lanes: [
        'o...o---o...o',
        'o...a...o...o',
        'o.o...o.4...o',
        'o...o.o.o...o',
        'o.o.o.o.o.a.o',
        'o.o.3.o.o.o.o',
      ],
    },
    {
      name: 'Chestnut',
      lanes: [
        'o...o...o.5.o',
        'o...o.....a.o',
        'o.o.o---o...o',
        'o.o...a.o.o.o',
        'o.o.~~..o.o.o',
        'o.o.o.o.o.4.o',
      ],
    },
    {
      name: 'Walnut',
      lanes: [
        'o...o...o...o',
        'o.....a.o...o',
        'o...o.o.o.o.o',
        'o.4.o---o...o',
        'o.o.o.a.o.o.o',
        'o.o.o.o.o.o.a',
      ],
    },
    {
      name: 'Maple',
      lanes: [
        'o---o...a...o',
        'o...o...o.6.o',
        'o.o.o...o.o.o',
        'o.o.~~~...o.o',
        'o.o.o.3.o.o.o',
        'o.a.o.o.o.o.o',
      ],
    },
    {
      name: 'Linden',
      lanes: [
        'o...o...o...o',
        'o...o---o.a.o',
        'o.5.o...o.o.o',
        'o.o.o.o...a.o',
        'o.o.o.o.o.o.o',
        'o.o.~~..o.4.o',
      ],
    },
    {
      name: 'Great Oak',
      lanes: [
        'o...o...o',
        'o...a...o',
        'o.o...o.o',
        'o.o.o---o',
        'o.o.a.o.o',
        'o.o.o.o.o',
      ],
    },
  ],
};
