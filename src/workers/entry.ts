/**
 * Drey's worker thread (the pool's default entry): bot decisions for the server and slices of lab
 * runs for sims and tournaments. Adding a task kind is one handler here and one type beside it.
 */
import { playGamesTask, type LabTasks } from '../lab/play.js';
import { decide, type BotTasks } from './decide.js';
import { serveTasks } from './serve.js';

export type DreyTasks = BotTasks & LabTasks;

serveTasks<DreyTasks>({
  decide: (request) => decide(request),
  'play-games': playGamesTask,
});
