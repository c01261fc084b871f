/**
 * Bot seats: whenever a bot is to act at a running table, it is asked (on the bot runner, off the
 * event loop, with the runner's time and memory limits) after a short delay so people can follow,
 * and its action is played like anyone else's. A decision that fails or times out is logged and
 * made again by the easy level; if that fails too, or the bot chose a refused action, the seat
 * plays its first legal action, so a table never freezes.
 */
import type { ActionBase, Seat } from '../engine/game.js';
import { FALLBACK_BOT, isLiveBot } from './bot-levels.js';
import type { BotAnswer, BotRunner } from './bots/pool.js';
import { enqueue, type LiveTable } from './live-table.js';
import { fail, messageOf, type ServiceResult } from './result.js';
import { storedContentOf } from './table-content.js';

export interface BotSeatsOptions {
  runner: BotRunner;
  /** How long a bot waits before acting. */
  delayMs: number;
  /** Plays an action for a seat; the caller holds the table's queue (see commits.ts). */
  play(table: LiveTable, seat: Seat, action: unknown): Promise<ServiceResult<{ seq: number }>>;
  warn(message: string): void;
  /** Whether a bot plays this person's seat while they are away (absence.ts); it plays the fallback level. */
  standIn?(table: LiveTable, seat: Seat): boolean;
}

/** While the database is away (a restart), a bot asks again this much later rather than every few ms. */
export const STORAGE_RETRY_MS = 1000;

export class BotSeats {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly opts: BotSeatsOptions) {}

  /**
   * Starts a decision for every bot seat that is to act and not already thinking, after `delayMs`
   * (the configured delay, or longer when the database was away: see STORAGE_RETRY_MS).
   */
  schedule(table: LiveTable, delayMs = this.opts.delayMs): void {
    if (this.closed || table.retired || table.stored.status !== 'running') return;
    for (const seat of table.match.toAct) {
      const bot = this.botOf(table, seat);
      if (bot === null || table.thinking.has(seat)) continue;
      table.thinking.add(seat);
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.run(table, seat, bot)
          .catch((e: unknown): undefined => {
            this.opts.warn(`table ${table.stored.id}: the bot in seat ${seat + 1} broke: ${messageOf(e)}`);
          })
          .then((retryMs) => {
            table.thinking.delete(seat);
            this.schedule(table, retryMs);
          });
      }, delayMs);
      this.timers.add(timer);
    }
  }

  /** The bot that plays a seat now: its own, the stand-in of an absent player, or null (a person plays). */
  private botOf(table: LiveTable, seat: Seat): string | null {
    const s = table.stored.seats[seat];
    if (s?.kind === 'bot') return s.bot;
    return s?.kind === 'human' && this.opts.standIn?.(table, seat) ? FALLBACK_BOT : null;
  }

  /** No new decisions after this; decisions under way are dropped when they answer. */
  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  /** Decides and plays; answers how long to wait before asking again when the database was away. */
  private async run(table: LiveTable, seat: Seat, stored: string): Promise<number | undefined> {
    if (this.closed) return;
    const { warn } = this.opts;
    const where = `table ${table.stored.id}, seat ${seat + 1}`;
    // A table stored before the allowlist (or by hand) may name any bot: it plays the fallback level.
    const bot = isLiveBot(stored) ? stored : FALLBACK_BOT;
    if (bot !== stored) warn(`${where}: bot '${stored}' is not offered on live tables; it plays ${FALLBACK_BOT}`);
    const seqAtStart = table.stored.seq;
    const content = storedContentOf(table.stored)?.hash;
    const ask = (name: string): Promise<BotAnswer> =>
      this.opts.runner.run({
        game: table.game.id,
        bot: name,
        seat,
        // The state as it is now, not a copy of it: a live match never changes a state it has
        // held (commitAction's look-ahead works on a copy that the match then adopts, an undo
        // adopts a copy too: engine/match.ts), so a task the pool posts later still carries the
        // state of this moment, and posting copies it once (it was copied twice, per bot action).
        state: table.match.state,
        rngSeed: `${table.stored.seed}:bot:${seat}:${seqAtStart}`,
        // Tables take turns for the workers: one with many bot seats cannot starve another.
        owner: table.stored.id,
        // The runner must have the table's content (a variant, `drey serve --content`) or refuse.
        ...(content === undefined ? {} : { content }),
      });
    let answer = await ask(bot);
    if (!answer.ok && bot !== FALLBACK_BOT && !this.closed) {
      // A decision that failed or ran out of time or memory: the easy level decides instead.
      warn(`${where}: the ${bot} bot failed (${answer.code}: ${answer.error}); playing ${FALLBACK_BOT} instead`);
      answer = await ask(FALLBACK_BOT);
    }
    if (this.closed) return;
    const chosen: unknown = answer.ok ? answer.action : undefined;
    if (!answer.ok) warn(`${where}: the ${FALLBACK_BOT} bot failed too (${answer.code}: ${answer.error}); playing the first legal action`);
    const played = await enqueue(table, async (): Promise<ServiceResult<{ seq: number }>> => {
      // Closing, or the absent player came back while the stand-in was thinking: nothing to play.
      if (this.closed || table.retired || this.botOf(table, seat) === null) return { ok: true, value: { seq: table.stored.seq } };
      if (chosen !== undefined) {
        const r = await this.opts.play(table, seat, chosen);
        // Not saved because the database is away: the same decision is tried again later (below), not replaced.
        if (r.ok || table.stored.seq !== seqAtStart || r.error.code === 'storage-unavailable') return r;
        warn(`${where}: the ${bot} bot chose a refused action: ${r.error.message}`);
      }
      // A bot that fails must not freeze the table: it plays its first legal action instead.
      const fallback: ActionBase | undefined = table.game.legalActions(table.match.state, seat)[0];
      return fallback ? this.opts.play(table, seat, fallback) : fail('not-your-turn', 'nothing to do');
    });
    if (!played.ok && played.error.code === 'storage-error') warn(`table ${table.stored.id}: ${played.error.message}`);
    if (!played.ok && played.error.code === 'storage-unavailable') {
      warn(`table ${table.stored.id}: ${played.error.message}; the bot in seat ${seat + 1} tries again in ${STORAGE_RETRY_MS} ms`);
      return STORAGE_RETRY_MS;
    }
    return undefined;
  }
}
