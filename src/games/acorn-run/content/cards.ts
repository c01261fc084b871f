/**
 * Acorn Run's cards: the 10-card starter deck every racer gets and the 84 market cards (48 cheap
 * cost 1–2, 36 expensive cost 3–4). Our design; docs/rules/acorn-run.md explains each choice.
 * The three colors get mirror-image cards, so no color is favoured by the deck; the board decides
 * what each color is worth. Combo symbols follow the cycle green → yellow → red → green ("next")
 * with the other color as "back".
 */
import type { CardsSpec } from './schema.js';

export const CARDS: CardsSpec = {
  starter: [
    { id: 's-green', name: 'Green Branch', color: 'green', cost: 0, combo: [], copies: 2 },
    { id: 's-green-y', name: 'Green Leaf', color: 'green', cost: 0, combo: ['yellow'], copies: 1 },
    { id: 's-green-r', name: 'Green Leaf', color: 'green', cost: 0, combo: ['red'], copies: 1 },
    { id: 's-yellow', name: 'Yellow Branch', color: 'yellow', cost: 0, combo: [], copies: 1 },
    { id: 's-yellow-r', name: 'Yellow Leaf', color: 'yellow', cost: 0, combo: ['red'], copies: 1 },
    { id: 's-yellow-g', name: 'Yellow Leaf', color: 'yellow', cost: 0, combo: ['green'], copies: 1 },
    { id: 's-red', name: 'Red Branch', color: 'red', cost: 0, combo: [], copies: 1 },
    { id: 's-red-g', name: 'Red Leaf', color: 'red', cost: 0, combo: ['green'], copies: 1 },
    { id: 's-red-y', name: 'Red Leaf', color: 'red', cost: 0, combo: ['yellow'], copies: 1 },
  ],
  cheap: [
    // Green, 14 cards.
    { id: 'g-twig-y', name: 'Green Twig', color: 'green', cost: 1, combo: ['yellow'], copies: 2 },
    { id: 'g-twig-r', name: 'Green Twig', color: 'green', cost: 1, combo: ['red'], copies: 2 },
    { id: 'g-hop', name: 'Green Hop', color: 'green', cost: 1, combo: [], effect: { kind: 'move', dir: 'forward' }, copies: 2 },
    { id: 'g-scramble', name: 'Green Scramble', color: 'green', cost: 1, combo: [], effect: { kind: 'move', dir: 'up' }, copies: 1 },
    { id: 'g-drop', name: 'Green Drop', color: 'green', cost: 1, combo: ['yellow'], effect: { kind: 'move', dir: 'down' }, copies: 1 },
    { id: 'g-dash', name: 'Green Dash', color: 'green', cost: 2, combo: [], effect: { kind: 'sprint-plus', spaces: 2 }, copies: 2 },
    { id: 'g-peek', name: 'Green Peek', color: 'green', cost: 2, combo: ['red'], effect: { kind: 'draw', cards: 1 }, copies: 1 },
    { id: 'g-braid', name: 'Green Braid', color: 'green', cost: 2, combo: ['yellow', 'red'], copies: 2 },
    { id: 'g-gnaw', name: 'Green Gnaw', color: 'green', cost: 2, combo: [], effect: { kind: 'trash' }, copies: 1 },
    // Yellow, 14 cards.
    { id: 'y-twig-r', name: 'Yellow Twig', color: 'yellow', cost: 1, combo: ['red'], copies: 2 },
    { id: 'y-twig-g', name: 'Yellow Twig', color: 'yellow', cost: 1, combo: ['green'], copies: 2 },
    { id: 'y-hop', name: 'Yellow Hop', color: 'yellow', cost: 1, combo: [], effect: { kind: 'move', dir: 'forward' }, copies: 2 },
    { id: 'y-scramble', name: 'Yellow Scramble', color: 'yellow', cost: 1, combo: [], effect: { kind: 'move', dir: 'up' }, copies: 1 },
    { id: 'y-drop', name: 'Yellow Drop', color: 'yellow', cost: 1, combo: ['red'], effect: { kind: 'move', dir: 'down' }, copies: 1 },
    { id: 'y-dash', name: 'Yellow Dash', color: 'yellow', cost: 2, combo: [], effect: { kind: 'sprint-plus', spaces: 2 }, copies: 2 },
    { id: 'y-peek', name: 'Yellow Peek', color: 'yellow', cost: 2, combo: ['green'], effect: { kind: 'draw', cards: 1 }, copies: 1 },
    { id: 'y-braid', name: 'Yellow Braid', color: 'yellow', cost: 2, combo: ['red', 'green'], copies: 2 },
    { id: 'y-gnaw', name: 'Yellow Gnaw', color: 'yellow', cost: 2, combo: [], effect: { kind: 'trash' }, copies: 1 },
    // Red, 14 cards.
    { id: 'r-twig-g', name: 'Red Twig', color: 'red', cost: 1, combo: ['green'], copies: 2 },
    { id: 'r-twig-y', name: 'Red Twig', color: 'red', cost: 1, combo: ['yellow'], copies: 2 },
    { id: 'r-hop', name: 'Red Hop', color: 'red', cost: 1, combo: [], effect: { kind: 'move', dir: 'forward' }, copies: 2 },
    { id: 'r-scramble', name: 'Red Scramble', color: 'red', cost: 1, combo: [], effect: { kind: 'move', dir: 'up' }, copies: 1 },
    { id: 'r-drop', name: 'Red Drop', color: 'red', cost: 1, combo: ['green'], effect: { kind: 'move', dir: 'down' }, copies: 1 },
    { id: 'r-dash', name: 'Red Dash', color: 'red', cost: 2, combo: [], effect: { kind: 'sprint-plus', spaces: 2 }, copies: 2 },
    { id: 'r-peek', name: 'Red Peek', color: 'red', cost: 2, combo: ['yellow'], effect: { kind: 'draw', cards: 1 }, copies: 1 },
    { id: 'r-braid', name: 'Red Braid', color: 'red', cost: 2, combo: ['green', 'yellow'], copies: 2 },
    { id: 'r-gnaw', name: 'Red Gnaw', color: 'red', cost: 2, combo: [], effect: { kind: 'trash' }, copies: 1 },
    // Acorn cards, 6.
    { id: 'small-acorn', name: 'Small Acorn', color: 'acorn', cost: 2, combo: [], effect: { kind: 'small-acorn' }, copies: 4 },
    { id: 'oops', name: 'Oops, I Dropped One!', color: 'acorn', cost: 1, combo: [], effect: { kind: 'oops' }, copies: 2 },
  ],
  expensive: [
    // Green, 10 cards.
    { id: 'g-rush', name: 'Green Rush', color: 'green', cost: 3, combo: [], effect: { kind: 'sprint-plus', spaces: 3 }, copies: 1 },
    { id: 'g-again', name: 'Green Again', color: 'green', cost: 3, combo: ['yellow'], effect: { kind: 'extra-sprint' }, copies: 2 },
    { id: 'g-shuffle', name: 'Green Shuffle', color: 'green', cost: 3, combo: ['yellow', 'red'], effect: { kind: 'cycle', draw: 2, discard: 2 }, copies: 1 },
    { id: 'g-stash', name: 'Green Stash', color: 'green', cost: 3, combo: ['red'], effect: { kind: 'buying-power', amount: 2, refresh: true }, copies: 1 },
    { id: 'g-star', name: 'Green Star', color: 'green', cost: 3, combo: ['green', 'yellow', 'red'], copies: 1 },
    { id: 'g-vine', name: 'Green Vine', color: 'green', cost: 3, combo: ['red'], effect: { kind: 'move', dir: 'up' }, copies: 1 },
    { id: 'g-second', name: 'Green Second Wind', color: 'green', cost: 4, combo: ['yellow'], effect: { kind: 'extra-move' }, copies: 1 },
    { id: 'g-gift', name: 'Green Gift', color: 'green', cost: 4, combo: ['red'], effect: { kind: 'gain' }, copies: 1 },
    { id: 'g-leap', name: 'Green Leap', color: 'green', cost: 4, combo: ['yellow', 'red'], effect: { kind: 'sprint-plus', spaces: 2 }, copies: 1 },
    // Yellow, 10 cards.
    { id: 'y-rush', name: 'Yellow Rush', color: 'yellow', cost: 3, combo: [], effect: { kind: 'sprint-plus', spaces: 3 }, copies: 1 },
    { id: 'y-again', name: 'Yellow Again', color: 'yellow', cost: 3, combo: ['red'], effect: { kind: 'extra-sprint' }, copies: 2 },
    { id: 'y-shuffle', name: 'Yellow Shuffle', color: 'yellow', cost: 3, combo: ['red', 'green'], effect: { kind: 'cycle', draw: 2, discard: 2 }, copies: 1 },
    { id: 'y-stash', name: 'Yellow Stash', color: 'yellow', cost: 3, combo: ['green'], effect: { kind: 'buying-power', amount: 2, refresh: true }, copies: 1 },
    { id: 'y-star', name: 'Yellow Star', color: 'yellow', cost: 3, combo: ['green', 'yellow', 'red'], copies: 1 },
    { id: 'y-vine', name: 'Yellow Vine', color: 'yellow', cost: 3, combo: ['green'], effect: { kind: 'move', dir: 'up' }, copies: 1 },
    { id: 'y-second', name: 'Yellow Second Wind', color: 'yellow', cost: 4, combo: ['red'], effect: { kind: 'extra-move' }, copies: 1 },
    { id: 'y-gift', name: 'Yellow Gift', color: 'yellow', cost: 4, combo: ['green'], effect: { kind: 'gain' }, copies: 1 },
    { id: 'y-leap', name: 'Yellow Leap', color: 'yellow', cost: 4, combo: ['red', 'green'], effect: { kind: 'sprint-plus', spaces: 2 }, copies: 1 },
    // Red, 10 cards.
    { id: 'r-rush', name: 'Red Rush', color: 'red', cost: 3, combo: [], effect: { kind: 'sprint-plus', spaces: 3 }, copies: 1 },
    { id: 'r-again', name: 'Red Again', color: 'red', cost: 3, combo: ['green'], effect: { kind: 'extra-sprint' }, copies: 2 },
    { id: 'r-shuffle', name: 'Red Shuffle', color: 'red', cost: 3, combo: ['green', 'yellow'], effect: { kind: 'cycle', draw: 2, discard: 2 }, copies: 1 },
    { id: 'r-stash', name: 'Red Stash', color: 'red', cost: 3, combo: ['yellow'], effect: { kind: 'buying-power', amount: 2, refresh: true }, copies: 1 },
    { id: 'r-star', name: 'Red Star', color: 'red', cost: 3, combo: ['green', 'yellow', 'red'], copies: 1 },
    { id: 'r-vine', name: 'Red Vine', color: 'red', cost: 3, combo: ['yellow'], effect: { kind: 'move', dir: 'up' }, copies: 1 },
    { id: 'r-second', name: 'Red Second Wind', color: 'red', cost: 4, combo: ['green'], effect: { kind: 'extra-move' }, copies: 1 },
    { id: 'r-gift', name: 'Red Gift', color: 'red', cost: 4, combo: ['yellow'], effect: { kind: 'gain' }, copies: 1 },
    { id: 'r-leap', name: 'Red Leap', color: 'red', cost: 4, combo: ['green', 'yellow'], effect: { kind: 'sprint-plus', spaces: 2 }, copies: 1 },
    // Acorn cards, 6.
    { id: 'big-acorn', name: 'Big Acorn', color: 'acorn', cost: 3, combo: [], effect: { kind: 'big-acorn' }, copies: 6 },
  ],
};
