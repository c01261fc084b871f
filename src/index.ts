/** Drey's public API: the game contract, the engine, the registry and the bots. */
export * from './engine/index.js';
export { listGames, getGame, findGame } from './games/index.js';
export { listBots, findBot, randomBot, botInput, playBotMatch, type BotEntry, type BotMatchResult } from './bots/index.js';
