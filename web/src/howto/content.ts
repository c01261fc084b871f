/**
 * "How to play" for players: each game told in plain words, short, with pictures taken from the
 * table itself (web/public/howto, refreshed by the browser tests with DREY_SCREENSHOTS). The
 * designers' rules pages (docs/rules, with their ruling codes) stay separate: this is the
 * friendly version a new player reads beside the table.
 */
export interface HowToSection {
  heading: string;
  paragraphs: readonly string[];
  /** A picture from the table (a path under /howto/) and what it shows. */
  picture?: { src: string; alt: string };
}

export interface HowTo {
  game: string;
  title: string;
  /** One sentence: what you are trying to do. */
  goal: string;
  sections: readonly HowToSection[];
}

const autumnLeaves: HowTo = {
  game: 'autumn-leaves',
  title: 'Autumn Leaves',
  goal: 'Get rid of your cards. Points are bad here: the lowest total after all the hands wins.',
  sections: [
    {
      heading: 'Pick a card, all at once',
      paragraphs: [
        'Each round everybody secretly picks one card from their hand. Click a card in your hand (or type its number on the keyboard). Nobody sees the picks until everyone has chosen, and a pick cannot be taken back.',
        'In the very first round of a hand your card simply starts your own leaf pile.',
      ],
      picture: { src: '/howto/autumn-leaves-hand.png', alt: 'Your hand at the bottom of the table; the cards you may pick are outlined in yellow.' },
    },
    {
      heading: 'Place it one step away',
      paragraphs: [
        'After the reveal, the lowest card goes first. A card goes on any leaf pile, yours or someone else\'s, whose top card is exactly one higher or one lower: a 6 goes on a 5 or a 7.',
        'The piles your card fits on light up with "place here": click one. The number under each pile tells how many cards it holds.',
        'If your card fits nowhere, take it back into your hand, or throw it away and draw a new one. If no card fits anywhere at all, it is a cold snap: everybody puts their card on their own pile.',
      ],
      picture: { src: '/howto/autumn-leaves-piles.png', alt: 'The leaf piles with their card counts; the piles your card fits on say "place here".' },
    },
    {
      heading: 'The end of a hand',
      paragraphs: [
        'A hand ends the moment someone places their last card, or the draw pile runs out.',
        'Whoever emptied their hand scores minus one point per card in their pile. Everybody else scores their highest card still in hand, minus their pile size, but never less than zero. So big piles help, and high cards left in hand hurt.',
        'A summary shows every pile, the points of the hand and the totals before the next deal.',
      ],
      picture: { src: '/howto/autumn-leaves-summary.png', alt: 'The end-of-hand summary: each player\'s final pile, the score for the hand and the total.' },
    },
  ],
};

const acorns: HowTo = {
  game: 'acorns',
  title: 'Acorns',
  goal: 'Win trees with your squirrels. The most acorns on the trees you won, minus the trees still in your hand at the end, wins.',
  sections: [
    {
      heading: 'One thing per turn',
      paragraphs: [
        'On your turn you do exactly one thing: draw a card, plant a tree from your hand, or play a squirrel, a fox or the turtle on a tree that is in play.',
        'A tree card plants as soon as you click it. Any other card: click it first, and the trees it may go on light up. Click a lit tree to play it there.',
        'Point at (or click) a tree that stays dim and the table tells you why your card may not go there. When drawing is the only thing you can do, one big Draw button says so.',
      ],
      picture: { src: '/howto/acorns-trees.png', alt: 'A squirrel card is picked: the trees it may go on say "play here", the others "not here" with the reason above.' },
    },
    {
      heading: 'Squirrels, foxes and the turtle',
      paragraphs: [
        'Squirrels gather around a tree in groups, one group per colour. The first player on a tree may use any colour; others must bring a colour that is not there yet, and you may only add more squirrels to your own colour.',
        'The biggest group leads the tree. A fox, put on your own group of its colour, beats any number of squirrels; the turtle guards a tree you planted just as strongly. When foxes or the turtle are on a tree, the last one played leads.',
      ],
      picture: { src: '/howto/acorns-hand.png', alt: 'Your hand: trees, squirrel cards with one to three squirrels, and a fox drawn as cards.' },
    },
    {
      heading: 'Winning trees and the end',
      paragraphs: [
        'At the start of your turn you win every tree you lead, and a tree you planted on your last turn that nobody has surrounded. Won trees go to your score pile.',
        'Once the draw pile is empty you can no longer draw: play a card or throw one away (never a tree). The game ends when the draw pile is empty and someone has no cards left.',
        'The end screen shows everyone\'s trees, the trees left in hands (they count against you) and the totals. With partners, two neighbours play as a team and share their trees.',
      ],
      picture: { src: '/howto/acorns-final.png', alt: 'The end screen: the trees each player won, the trees left in hand and the totals.' },
    },
  ],
};

const acornRun: HowTo = {
  game: 'acorn-run',
  title: 'Acorn Run',
  goal: 'Race your squirrel over the trees to the Great Oak. Finish early for race points and build card combos for bonus points.',
  sections: [
    {
      heading: 'Move with your cards',
      paragraphs: [
        'Each tree has three colour zones, green at the bottom, then yellow, then red at the top, each with two lanes. Once per turn you make one main move with cards from your hand.',
        'Sprint: play cards of one colour to run forward one space per card. The colour must match your lane or a zone above it. Climb: go up one lane per card, each card matching the lane you climb into. Descend: go down one lane per card, any colour.',
        'On the table, click cards in your hand: the spaces they can take you to light up on the board, with what the move is. Click a lit space and your pawn goes there.',
      ],
      picture: {
        src: '/howto/acorn-run-board.png',
        alt: 'The start of the course. Three green cards are picked: the space three ahead on the upper green lane, with an acorn on it, is lit and says "sprint 3"; the pawns carry their names, You and Twinkle.',
      },
    },
    {
      heading: 'Jump to the next tree',
      paragraphs: [
        'From a jump-off space at the end of a tree you jump to the next tree. Play a chain of cards where each card\'s colour matches a symbol on the card before it: the longer the chain, the more acorns and bonus points you get. Foliage gaps need a chain of exactly their size.',
      ],
    },
    {
      heading: 'Acorns, the market and the finish',
      paragraphs: [
        'Stopping on an acorn picks it up. Spend acorns on your player board for bonuses, or for buying power at the market, where you buy better cards by throwing away cards from your hand.',
        'Each market card shows its cost in the dark circle, its combo symbols (the colours the next card of a jump chain may have) and what it does. Click a card to buy it, then click cards in your hand to pay; the card shows how much is paid so far.',
        'At the end of your turn you keep or discard what you did not play and draw back up to six cards.',
        'The first to reach the Great Oak takes the best race points; the others take what is left. Race points plus bonus points decide the winner. Dummy racers, if you add them, race too and can win.',
      ],
      picture: {
        src: '/howto/acorn-run-market.png',
        alt: 'The cheap and expensive markets, three cards each, with their costs, combo symbols and effects; Green Rush is being bought and shows "paid 2/3".',
      },
    },
    {
      heading: 'The results',
      paragraphs: [
        'When the race is over, the results list every racer, dummies too: the place they finished, their race points, the combo points from their face-down tokens (shown to everyone now) and the total. A racer still on the course when time runs out scores nothing.',
      ],
      picture: {
        src: '/howto/acorn-run-results.png',
        alt: 'The race results: You finished first with 10 race points and 3 combo points, 13 in all; the two dummies ran out of time with 0.',
      },
    },
  ],
};

export const HOW_TO: readonly HowTo[] = [autumnLeaves, acorns, acornRun];

export const howToFor = (game: string): HowTo | undefined => HOW_TO.find((h) => h.game === game);
