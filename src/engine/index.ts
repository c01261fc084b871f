export * from './game.js';
export * from './result.js';
export * from './rng.js';
export * from './hash.js';
export * from './match.js';
export * from './outcome.js';
export * from './playout.js';
export * from './bot.js';
