/**
 * Acorn Run while another racer takes its turn: your hand's heading is about your hand, so it
 * never says "played this turn" or "paying" for the bot's cards, and the phone prompt says who is
 * racing. The bots here wait 1.5 s before each decision, so the page is looked at mid-way through
 * the bot's turn (after its first action, before its last), at 1280×900 and at 390×844. And at
 * 390×844 the header's row of six seat chips, wider than the phone, scrolls whoever is to play into
 * view (issue 25), the last chip far right included, and keeps it there until the person scrolls
 * the row themselves.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { animationsSettled, browserTestServer, createSeatTable, expectAccessible, launchBrowser, openSeatTable } from './browser-helpers.js';

const SHOTS = process.env.DREY_SCREENSHOTS ?? '.tmp/screenshots';
const srv = browserTestServer('run-turn', { botDelayMs: 1_500 });

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

interface Look {
  seq: number;
  /** The status chip naming whose turn it is ("You to move", "Easy bot to move"). */
  mover: string;
  heading: string;
  prompt: string;
  /** How many lines the log has told. */
  lines: number;
}

async function look(page: Page): Promise<Look> {
  return page.evaluate(() => {
    const d = (globalThis as unknown as { document: { querySelector: (s: string) => { textContent: string | null; getAttribute: (a: string) => string | null; innerText?: string } | null; querySelectorAll: (s: string) => ArrayLike<{ textContent: string | null }> } }).document;
    const chips = Array.from(d.querySelectorAll('.run-status .run-chip')).map((c) => c.textContent ?? '');
    return {
      seq: Number(d.querySelector('main.table-page')?.getAttribute('data-seq') ?? 0),
      mover: chips.find((c) => c.endsWith(' to move')) ?? '',
      heading: (d.querySelector('.run-hand h3')?.textContent ?? '').trim(),
      prompt: (d.querySelector('[data-testid=prompt]')?.textContent ?? '').trim(),
      lines: d.querySelectorAll('[data-testid=log] li').length,
    };
  });
}

const WIDTHS = [
  { label: 'desktop', viewport: { width: 1280, height: 900 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
];

describe('Acorn Run while a bot takes its turn', () => {
  for (const w of WIDTHS) {
    it(`your hand's heading claims none of the bot's cards (${w.label})`, { timeout: 180_000 }, async () => {
      const b = await launchBrowser(w.viewport);
      try {
        const page = await b.context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        const t = await createSeatTable(srv.url, { game: 'acorn-run', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'easy' }], seed: 'run-turn', join: { seat: 0, name: 'Ann' } });
        await openSeatTable(page, srv.url, t);

        // Ann ends her turns at once; the page is looked at through a bot's turn until the log tells a
        // move of the bot's (its cards are then played this turn, R11) while it is still to act.
        let turnStart: Look | null = null;
        let seen: Look | null = null;
        const during: Look[] = [];
        const deadline = Date.now() + 90_000;
        while (seen === null && Date.now() < deadline) {
          const l = await look(page);
          if (l.mover === 'You to move') {
            turnStart = null;
            const end = page.locator('.run-turn-actions button').first();
            if (await end.isEnabled().catch(() => false)) await end.click().catch(() => undefined);
          } else if (l.mover !== '') {
            turnStart ??= l;
            during.push(l);
            if (l.lines > turnStart.lines) seen = l;
          }
          if (seen === null) await page.waitForTimeout(100);
        }
        expect(seen, 'the log told a move of the bot while it was still to act').not.toBeNull();
        await animationsSettled(page);
        await page.screenshot({ path: `${SHOTS}/run-bot-turn-${w.label}.png` });
        // Looked at again after the screenshot: the same bot turn, unless it has ended meanwhile.
        during.push(await look(page));
        console.log(`${w.label}: ${seen!.mover} (seq ${turnStart!.seq} → ${seen!.seq}); heading "${seen!.heading}"; prompt "${seen!.prompt}"`);
        for (const l of during) {
          if (l.mover === 'You to move') continue;
          expect(l.heading, `while ${l.mover} (seq ${l.seq})`).toBe('Your hand');
          expect(l.prompt, `while ${l.mover} (seq ${l.seq})`).toMatch(/ is racing…$/);
        }
        await expectAccessible(page, `the Acorn Run table during a bot's turn (${w.label})`);
        expect(errors).toEqual([]);
      } finally {
        await b.close();
      }
    });
  }
});

const AL_LEGAL = '.al-hand button.al-card.legal:not([disabled]), button.al-seat.target:not([disabled]), [data-testid=keep]:not([disabled])';

describe('the seat chips at 390×844', () => {
  it('scroll whoever is to play into the row, however far right their chip is', { timeout: 180_000 }, async () => {
    const b = await launchBrowser({ width: 390, height: 844 });
    try {
      const page = await b.context.newPage();
      // Six seats: the row of chips is wider than the phone and scrolls sideways (issue 25).
      await openSeatTable(page, srv.url, await createSeatTable(srv.url, { game: 'autumn-leaves', seats: [{ kind: 'human' }, ...Array.from({ length: 5 }, () => ({ kind: 'bot', bot: 'easy' }))], options: { hands: 1 }, seed: 'chips', join: { seat: 0, name: 'Ann' } }));
      // The chips scroll inside their row, never the page: the words in them kept for screen
      // readers ("easy" bot, "you"), laid out of sight, reached past the row and let the whole page
      // scroll sideways into nothing (545 px at six seats).
      const sideways = await page.locator('.seat-bar').evaluate((bar) => {
        const html = bar.ownerDocument.documentElement;
        return { scrollWidth: html.scrollWidth, clientWidth: html.clientWidth, row: bar.scrollWidth > bar.clientWidth };
      });
      expect(sideways.row, 'six chips are wider than the phone').toBe(true);
      expect(sideways.scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(sideways.clientWidth);
      const chipsIn = (): Promise<{ seat: number; left: number; right: number; barLeft: number; barRight: number; wide: boolean }[]> =>
        page.locator('.seat-bar').evaluate((bar) => {
          type Rect = { left: number; right: number };
          type Chip = { getBoundingClientRect: () => Rect; getAttribute: (a: string) => string | null };
          const b = bar as unknown as { getBoundingClientRect: () => Rect; scrollWidth: number; clientWidth: number; querySelectorAll: (s: string) => ArrayLike<Chip> };
          const r = b.getBoundingClientRect();
          return Array.from(b.querySelectorAll('.seat-chip.turn')).map((c) => {
            const cr = c.getBoundingClientRect();
            return { seat: Number((c.getAttribute('data-testid') ?? '').slice(5)), left: cr.left, right: cr.right, barLeft: r.left, barRight: r.right, wide: b.scrollWidth > b.clientWidth };
          });
        });
      // Ann plays her first legal card each time; between her moves the bots place one at a time.
      const seen = new Set<number>();
      const outOfView: string[] = [];
      let held: { seat: number; scrollLeft: number; out: boolean } | null = null;
      let swiped: number | null = null;
      const deadline = Date.now() + 90_000;
      while ((!seen.has(5) || held === null) && outOfView.length === 0 && Date.now() < deadline) {
        if ((await page.locator(AL_LEGAL).count()) > 0) {
          await page.locator(AL_LEGAL).first().click().catch(() => undefined);
        } else {
          const turn = await chipsIn();
          // Only one seat to play (not the simultaneous choosing), a bot: its chip comes wholly into
          // the row's view (the scroll follows the frame's drawing, so it is given a moment), and
          // stays out of view for no longer than that while the bot is to play.
          // Swiped away by the person: not kept in view until another seat is to play.
          if (swiped !== null && !(turn.length === 1 && turn[0]!.seat === swiped)) swiped = null;
          if (turn.length === 1 && turn[0]!.seat !== 0 && turn[0]!.seat !== swiped) {
            const seat: number = turn[0]!.seat;
            expect(turn[0]!.wide, 'six chips are wider than the phone').toBe(true);
            let where: 'in' | 'out' | 'gone' = 'out';
            for (let tries = 0; tries < 10 && where === 'out'; tries++) {
              // Still the one seat to play: once others are to play too (the next round's choosing,
              // everyone at once), the row shows the first of them, and this seat's wait is over.
              const chips = await chipsIn();
              const now = chips.length === 1 && chips[0]!.seat === seat ? chips[0] : undefined;
              where = !now ? 'gone' : now.left >= now.barLeft - 1 && now.right <= now.barRight + 1 ? 'in' : 'out';
              if (where === 'out') await page.waitForTimeout(100);
            }
            if (where === 'out') {
              // What the row looked like, for the failure's message.
              const row = await page.locator('.seat-bar').evaluate((bar) => {
                const b = bar as unknown as { scrollLeft: number; scrollWidth: number; clientWidth: number; querySelectorAll: (s: string) => ArrayLike<{ className: string; getBoundingClientRect: () => { left: number; right: number } }> };
                const chips = Array.from(b.querySelectorAll('.seat-chip')).map((c) => `${c.className.includes('turn') ? '*' : ''}${Math.round(c.getBoundingClientRect().left)}–${Math.round(c.getBoundingClientRect().right)}`);
                return `scrollLeft ${b.scrollLeft} of ${b.scrollWidth - b.clientWidth}, chips ${chips.join(' ')}`;
              });
              outOfView.push(`seat ${seat + 1}: ${row}`);
            }
            if (where === 'in') {
              if (!seen.has(seat) && seat === 5) await page.screenshot({ path: `${SHOTS}/seat-chips-to-play-phone.png` });
              seen.add(seat);
              // The person's own scrolling holds the row while the same seat is to play: swiped back to
              // the start, away from a chip far right, the row stays there (the next seat to play brings
              // it back, as checked above). Only a sample where the seat stayed to play says anything.
              if (held === null && seat >= 4) {
                const box = (await page.locator('.seat-bar').boundingBox())!;
                await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
                await page.mouse.wheel(-2_000, 0);
                await page.waitForTimeout(300);
                const after = await chipsIn();
                const still = after.length === 1 && after[0]!.seat === seat ? after[0] : undefined;
                const left = await page.locator('.seat-bar').evaluate((b) => (b as unknown as { scrollLeft: number }).scrollLeft);
                if (still) {
                  held = { seat: seat + 1, scrollLeft: left, out: still.right > still.barRight + 1 };
                  swiped = seat;
                }
              }
            }
          }
        }
        await page.waitForTimeout(100);
      }
      expect(outOfView, 'seats whose chip stayed out of the row\'s view for a second while they were to play').toEqual([]);
      expect([...seen].sort(), 'the chips of the bots to play, the last one far right among them').toContain(5);
      expect(held, 'the row swiped back to its start while a bot far right was to play stays there, its chip out of view').toMatchObject({ scrollLeft: 0, out: true });
    } finally {
      await b.close();
    }
  });
});
