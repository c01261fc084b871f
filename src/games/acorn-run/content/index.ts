/**
 * Acorn Run's content, validated once at load. A content error is a bug in the data and stops
 * the program with a message that names the bad entry.
 */
import { BOARD } from './board.js';
import { CARDS } from './cards.js';
import { PLAYER_BOARD } from './player-board.js';
import { RACE } from './race.js';
import { contentSchema, type ContentSpec } from './schema.js';

/** Parses untrusted content (for example a designer's edited copy); throws naming each problem. */
export function loadContent(input: unknown): ContentSpec {
  const parsed = contentSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Acorn Run content is invalid: ${problems}`);
  }
  return parsed.data;
}

export const CONTENT: ContentSpec = loadContent({ board: BOARD, cards: CARDS, playerBoard: PLAYER_BOARD, race: RACE });

export * from './schema.js';
