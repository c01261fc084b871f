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
export { runSim, defaultWorkers, type RunOptions, type SimReport } from './lab/run.js';
export { gameSeed, resolveSim, type SimSpec, type GameResult } from './lab/sim.js';
export { wilsonInterval, meanWithInterval, Z95, type Interval, type MeanSummary } from './lab/stats.js';
export type { SimSummary, SeatSummary, BotSummary } from './lab/aggregate.js';
export { readRecordFile, parseRecordFile, type RecordFile } from './lab/record-file.js';
