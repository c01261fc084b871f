/**
 * Acorn Run's content: the shipped tables (board, cards, player board, race figures, dummy deck),
 * validated at load. Content is a value: the rules are built from one (createAcornRun in
 * ../index.ts), which compiles it into the tables every call reads (../tables.ts).
 */
import { BOARD } from './board.js';
import { CARDS } from './cards.js';
import { DUMMY_DECK } from './dummy-deck.js';
import { dummyDeckSchema, type DummyDeckSpec } from './dummy-schema.js';
import { PLAYER_BOARD } from './player-board.js';
import { RACE } from './race.js';
import { describeZodError } from '../../../engine/schema.js';
import { contentSchema, type ContentSpec } from './schema.js';

/** Everything Acorn Run is built from. */
export interface AcornRunContent extends ContentSpec {
  dummyDeck: DummyDeckSpec;
}

/** Parses untrusted content (for example a designer's edited copy); throws naming each problem. */
export function loadContent(input: unknown): ContentSpec {
  const parsed = contentSchema.safeParse(input);
  if (!parsed.success) throw new Error(`Acorn Run content is invalid: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

/** Parses an untrusted dummy deck; throws naming each problem. */
export function loadDummyDeck(input: unknown): DummyDeckSpec {
  const parsed = dummyDeckSchema.safeParse(input);
  if (!parsed.success) throw new Error(`Acorn Run dummy deck is invalid: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

/** The shipped content. */
export const BUILTIN_CONTENT: AcornRunContent = {
  ...loadContent({ board: BOARD, cards: CARDS, playerBoard: PLAYER_BOARD, race: RACE }),
  dummyDeck: loadDummyDeck(DUMMY_DECK),
};

export * from './schema.js';
