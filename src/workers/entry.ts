/**
 * Drey's worker thread (the pool's default entry): bot decisions and replays for the server and
 * slices of lab runs for sims and tournaments. Adding a task kind is one handler here and one type beside it.
 */
import { BUILTINS, findGame } from '../games/index.js';
import { playGamesTask, type LabTasks } from '../lab/play.js';
import { tellRecord, type NarrationTasks } from '../server/narration-history.js';
import { replayFramesJson, type ReplayTasks } from '../server/replays.js';
import { decide, type BotTasks } from './decide.js';
import { serveTasks } from './serve.js';

export type DreyTasks = BotTasks & LabTasks & ReplayTasks & NarrationTasks;

serveTasks<DreyTasks>({
  decide: (request) => decide(request),
  'play-games': playGamesTask,
  replay: ({ game, record, viewer }) => {
    const found = findGame(game);
    return found.ok ? replayFramesJson(found.value, record, viewer) : found;
  },
  narration: (task) => {
    const found = BUILTINS.find(task.game);
    if (!found.ok) return found;
    const { game, narrator } = found.value;
    return narrator ? tellRecord(game, narrator, task) : { ok: false, error: { code: 'no-narrator', message: `${task.game} has no narrator` } };
  },
});
