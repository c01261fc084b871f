/** How the lobby and the table say that a table is a playtest (issue 27), in plain words. */
import type { ContentInfo } from '../../src/server/protocol.js';

/** "Playtest of the dash variant", or "Playtest of the standard rules" for the builtin content. */
export function playtestWords(content: ContentInfo | undefined): string {
  return content?.variant === undefined ? 'Playtest of the standard rules' : `Playtest of the ${content.variant} variant`;
}
