/**
 * Acorn Run's content as files (`drey content export acorn-run DIR`): each file's schema, the
 * shipped content split into files, the checks between files, and the content assembled back.
 */
import { z } from 'zod';
import type { ContentIssue } from '../../package.js';
import { checkBoard } from '../board-check.js';
import { dummyDeckSchema } from './dummy-schema.js';
import { BUILTIN_CONTENT, loadContent, loadDummyDeck, type AcornRunContent } from './index.js';
import { boardSchema, cardSchema, checkCosts, playerBoardSchema, raceSchema } from './schema.js';

const starterCardsSchema = z
  .strictObject({
    /** Each racer's personal starting deck: cost 0, at least a hand of cards. */
    cards: z.array(cardSchema).min(1).max(40),
  })
  .superRefine((f, ctx) => checkCosts({ starter: f.cards }, ctx, ['cards']));

const marketCardsSchema = z
  .strictObject({
    /** The cheap market deck: cost 1–2. */
    cheap: z.array(cardSchema).min(1).max(100),
    /** The expensive market deck: cost 3–4. */
    expensive: z.array(cardSchema).min(1).max(100),
  })
  .superRefine((f, ctx) => checkCosts(f, ctx));

/** The schema of each content file, by file name. */
export const CONTENT_FILES = {
  board: boardSchema,
  'starter-cards': starterCardsSchema,
  'market-cards': marketCardsSchema,
  'player-board': playerBoardSchema,
  'dummy-deck': dummyDeckSchema,
  race: raceSchema,
} as const;

type Files = { [K in keyof typeof CONTENT_FILES]: z.infer<(typeof CONTENT_FILES)[K]> };

/** Content → files. */
export function contentFiles(c: AcornRunContent): Files {
  return {
    board: c.board,
    'starter-cards': { cards: c.cards.starter },
    'market-cards': { cheap: c.cards.cheap, expensive: c.cards.expensive },
    'player-board': c.playerBoard,
    'dummy-deck': c.dummyDeck,
    race: c.race,
  };
}

export const BUILTIN_FILES: Files = contentFiles(BUILTIN_CONTENT);

/**
 * Checks between files, each valid by its schema: a card id used twice across the starter and
 * market decks, a starter deck smaller than a hand (race.handSize), and a board the rules cannot
 * race on (checkBoard: broken lane drawings, dead ends, spaces no start reaches).
 */
export function checkFiles(input: Readonly<Record<string, unknown>>): ContentIssue[] {
  const files = input as Files;
  const issues: ContentIssue[] = [];
  const seen = new Map<string, string>();
  const decks: [file: string, key: string, cards: readonly { id: string }[]][] = [
    ['starter-cards', 'cards', files['starter-cards'].cards],
    ['market-cards', 'cheap', files['market-cards'].cheap],
    ['market-cards', 'expensive', files['market-cards'].expensive],
  ];
  for (const [file, key, cards] of decks) {
    cards.forEach((card, i) => {
      const where = `${file} ${key}[${i}]`;
      const first = seen.get(card.id);
      if (first) issues.push({ file, path: [key, i, 'id'], message: `card id '${card.id}' is already used by ${first}` });
      else seen.set(card.id, where);
    });
  }
  const starter = files['starter-cards'].cards.reduce((n, c) => n + c.copies, 0);
  const hand = files.race.handSize;
  if (starter < hand) {
    issues.push({ file: 'starter-cards', path: ['cards'], message: `the starter deck has ${starter} cards, fewer than a hand (race.handSize ${hand})` });
  }
  issues.push(...checkBoard(files.board));
  return issues;
}

/** Complete, checked files → content. */
export function filesContent(input: Readonly<Record<string, unknown>>): AcornRunContent {
  const files = input as Files;
  const { cards: starter } = files['starter-cards'];
  const { cheap, expensive } = files['market-cards'];
  return {
    ...loadContent({ board: files.board, cards: { starter, cheap, expensive }, playerBoard: files['player-board'], race: files.race }),
    dummyDeck: loadDummyDeck(files['dummy-deck']),
  };
}
