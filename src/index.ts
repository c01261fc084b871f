/** Drey's public API: the game contract, the engine, the registry and the bots. */
export * from './engine/index.js';
export { listGames, getGame, findGame } from './games/index.js';
export { listBots, findBot, randomBot, botInput, playBotMatch, type BotEntry, type BotMatchResult } from './bots/index.js';
export { defaultWorkers, type RunOptions } from './lab/run.js';
export { runSim, resolveSim, type SimSpec, type SimReport } from './lab/sim.js';
export { gameSeed } from './lab/schedule.js';
export type { GameResult } from './lab/play.js';
export { wilsonInterval, meanWithInterval, Z95, type Interval, type MeanSummary } from './lab/stats.js';
export type { SimSummary, SeatSummary, BotSummary } from './lab/aggregate.js';
export { readRecordFile, parseRecordFile, type RecordFile } from './lab/record-file.js';
