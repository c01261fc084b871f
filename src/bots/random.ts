import type { Bot } from '../engine/bot.js';
import { pick } from '../engine/rng.js';

/** Plays a uniformly random legal action. The baseline every other bot must beat. */
export const randomBot: Bot = ({ legal, rng }) => pick(rng, legal);
