/**
 * The bots a live table may seat: the named levels, whose budgets are bounded (docs/bots.md), and
 * `random`. The registry (src/bots) also has `heuristic` and `ismcts:<budget>` for the lab and
 * the terminal, where whoever asks pays for the thinking; on a shared server one request must not
 * be able to buy hours of every worker's time, so the server checks names here, at its boundary.
 */
export const LIVE_BOTS = ['easy', 'medium', 'hard', 'random'] as const;
export type LiveBot = (typeof LIVE_BOTS)[number];

/** What a bot seat plays when its own decision fails or times out, and what unknown names become. */
export const FALLBACK_BOT: LiveBot = 'easy';

export const isLiveBot = (name: string): name is LiveBot => (LIVE_BOTS as readonly string[]).includes(name);
