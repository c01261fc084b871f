/**
 * "Since your last move" counts by the seat each of the server's lines says acted, never by its
 * words (issue 24): the same rule in a language where no line starts with "You".
 */
import { describe, expect, it } from 'vitest';
import type { NarratedLine } from '../src/server/narrated.js';
import { sinceLines } from '../web/src/since.js';

const line = (seq: number, seat: number | null, text: string): NarratedLine => ({ seq, seat, text });

describe('since your last move, by seat', () => {
  // French lines: the viewer (seat 0) acts at steps 1 and 4; Léa (seat 1) at 2 and 3.
  const lines = [
    line(0, null, 'La manche 1 commence.'),
    line(1, 0, 'Vous posez un 7 sur votre pile.'),
    line(2, 1, 'Léa pose un 8 sur votre pile.'),
    line(3, 1, 'Léa défausse un 3.'),
    line(3, 1, 'La main est finie.'),
    line(4, 0, 'Vous gardez un 5.'),
  ];

  it("counts the other seats' lines after the mark, not your own step's", () => {
    const s = sinceLines({ lines, dropped: 0 }, 0, 2); // seen: up to your step 1
    expect(s.at).toBe(2);
    expect(s.news).toEqual(['Léa pose un 8 sur votre pile.', 'Léa défausse un 3.', 'La main est finie.']);
    // The log panel marks the same lines (news) and shows every line as the server told it.
    expect(s.shown.map((l) => l.text)).toEqual(lines.map((l) => l.text));
    expect(s.shown.slice(2).filter((l) => l.news).map((l) => l.text)).toEqual(s.news);
  });

  it('an English line starting with "You" is news when another seat\'s step told it', () => {
    // A cold snap: Pip's choice (seat 1) makes everyone place, "You place …" among them.
    const s = sinceLines({ lines: [line(5, 1, 'Revealed: you 4, Pip 9.'), line(5, 1, 'You place 4 on your own pile.')], dropped: 0 }, 0, 0);
    expect(s.news).toHaveLength(2);
  });

  it('counts from the start of the game across lines the history let go', () => {
    const s = sinceLines({ lines: lines.slice(3), dropped: 3 }, 0, 4);
    // A note of the 3 let go comes first; the mark (4 lines seen) falls on the 5th line told.
    expect(s.shown[0]).toMatchObject({ text: '… 3 earlier lines not shown', news: false });
    expect(s.at).toBe(2);
    expect(s.news).toEqual(['La main est finie.']);
    expect(sinceLines({ lines: lines.slice(3), dropped: 3 }, 0, 6).at).toBeNull();
  });

  it('a spectator reads every line as news', () => {
    expect(sinceLines({ lines, dropped: 0 }, null, 0).news).toHaveLength(lines.length);
  });
});
