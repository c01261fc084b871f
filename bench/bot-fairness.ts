/**
 * Fair bot work (issue 24, item 3; `npm run bench:bots`): the pace of a 3-seat table of easy bots
 * alone, then beside HEAVY tables of eight hard Acorns bots, on one server's pool of WORKERS
 * threads (the server's default, 2) at the server's bot delay (DELAY_MS, default 700). Each window
 * lasts WINDOW_S (default 15). LOBBY=n also asks for the lobby listing n times a second while the
 * heavy tables play. The goal: the easy table keeps at least 80% of its pace alone beside 8 heavy tables.
 *
 *   HEAVY=8 WINDOW_S=15 npm run bench:bots
 *   HEAVY=4,8 npm run bench:bots        # one run per load, each with its own "alone" window
 */
import { botPace } from './bot-pace.js';

const loads = (process.env.HEAVY ?? '8').split(',').map(Number);
const seconds = Number(process.env.WINDOW_S ?? 15);
const delayMs = Number(process.env.DELAY_MS ?? 700);
const workers = Number(process.env.WORKERS ?? 2);
const lobbyPerSecond = Number(process.env.LOBBY ?? 0);

console.log(`easy 3-seat Autumn Leaves table beside N tables of 8 hard Acorns bots; ${workers} workers, delay ${delayMs} ms, ${seconds} s windows${lobbyPerSecond ? `, lobby ${lobbyPerSecond}/s` : ''}`);
for (const heavyTables of loads) {
  const p = await botPace({ heavyTables, seconds, delayMs, workers, lobbyPerSecond });
  console.log(
    `N=${heavyTables}: alone ${p.alone} moves, beside ${p.beside} moves (${(p.ratio * 100).toFixed(0)}% of its pace alone; goal ≥ 80%); heavy tables made ${p.heavy} moves`,
  );
}
