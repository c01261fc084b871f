/** Drey's public API: the game contract, the engine, game packages and their registry, the bots. */
export * from './engine/index.js';
export { listGames, getGame, findGame, createRegistry, BUILTINS, BUILTIN_PACKAGES, type Registry } from './games/index.js';
export {
  definePackage,
  type GamePackage,
  type AnyGamePackage,
  type GameMeta,
  type GameBots,
  type OptionDescription,
  type ConformanceConfig,
} from './games/package.js';
export { listBots, findBot, randomBot, botInput, playBotMatch, type BotEntry, type BotMatchResult } from './bots/index.js';
export { defaultWorkers, type RunOptions } from './lab/run.js';
export { runSim, resolveSim, type SimSpec, type SimReport } from './lab/sim.js';
export { gameSeed } from './lab/schedule.js';
export type { GameResult } from './lab/play.js';
export { wilsonInterval, meanWithInterval, Z95, type Interval, type MeanSummary } from './lab/stats.js';
export type { SimSummary, SeatSummary, BotSummary } from './lab/aggregate.js';
export { readRecordFile, parseRecordFile, type RecordFile } from './lab/record-file.js';
