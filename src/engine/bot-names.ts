/**
 * Friendly names for bot seats, so a log reads like a table of people. One list for the terminal
 * and the browser, so a seat has the same name in both. Stored tables name their bots by seat
 * from this list: keep its order.
 */
import type { Seat } from './game.js';

export const BOT_NAMES = ['Hazel', 'Pip', 'Nutmeg', 'Bramble', 'Sorrel', 'Juniper', 'Chestnut', 'Fern'] as const;

/** The name of the bot in `seat`. */
export const botSeatName = (seat: Seat): string => BOT_NAMES[seat % BOT_NAMES.length]!;
