/**
 * Acorn Run's content: the shipped tables (board, cards, player board, race figures, dummy deck),
 * validated at load, and the content the rules read now.
 *
 * The rules are built from content (createAcornRun in ../index.ts). Modules that derive tables
 * from it (the compiled board, card numbers, player-board cells…) register them with `derive`;
 * a package built from other content binds its content (`enterContent`) for the length of each
 * call into it and restores the previous one after, so two packages with different content can
 * run side by side. Calls are synchronous, so a binding never outlives its call.
 */
import { BOARD } from './board.js';
import { CARDS } from './cards.js';
import { DUMMY_DECK } from './dummy-deck.js';
import { dummyDeckSchema, type DummyDeckSpec } from './dummy-schema.js';
import { PLAYER_BOARD } from './player-board.js';
import { RACE } from './race.js';
import { describeZodError } from '../../../engine/schema.js';
import { ContentBinding } from '../../content-scope.js';
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

/** The content the rules read now: the builtin, or the content of the package being called. */
export let CONTENT: AcornRunContent = BUILTIN_CONTENT;

const binding = new ContentBinding(BUILTIN_CONTENT, (c) => (CONTENT = c));

/**
 * Registers a table derived from the content: `compute` runs once per content (cached), `assign`
 * stores the result in the module's own binding whenever that content is entered. Applied to the
 * current content at once.
 */
export const derive = <T>(compute: (content: AcornRunContent) => T, assign: (table: T) => void): void => binding.derive(compute, assign);

/** Makes `content` the current content; returns the function that restores the previous one. */
export const enterContent = (content: AcornRunContent): (() => void) => binding.enter(content);

export * from './schema.js';
