/**
 * Drey's worker thread (the pool's default entry): bot decisions and replays for the server and
 * slices of lab runs for sims and tournaments. Adding a task kind is one handler here and one type beside it.
 *
 * A server playing content variants (`drey serve --content`) starts its workers with those
 * variants' files as `workerData` (a `VariantFiles[]`): each worker builds them once, and every
 * decision and replay names the content hash it expects (decide.ts `contentMismatch`).
 */
import { workerData } from 'node:worker_threads';
import { BUILTINS } from '../games/index.js';
import { registryWithVariants, type VariantFiles } from '../games/variants.js';
import { playGamesTask, type LabTasks } from '../lab/play.js';
import { tellRecord, type NarrationTasks } from '../server/narration-history.js';
import { replayFramesJson, type ReplayTasks } from '../server/replays.js';
import { contentMismatch, decide, type BotTasks } from './decide.js';
import { serveTasks } from './serve.js';

export type DreyTasks = BotTasks & LabTasks & ReplayTasks & NarrationTasks;

const registry = registryWithVariants(BUILTINS, Array.isArray(workerData) ? (workerData as VariantFiles[]) : []);

serveTasks<DreyTasks>({
  decide: (request) => decide(request, registry),
  'play-games': playGamesTask,
  replay: (task) => {
    // The server's game and narrator, variant content included (the lines name the variant's cards).
    const found = registry.find(task.game);
    if (!found.ok) return found;
    return contentMismatch(found.value, task.content) ?? replayFramesJson(found.value, task);
  },
  narration: (task) => {
    // The server's game, variant content included: the narrator reads the same content as the rules.
    const found = registry.find(task.game);
    if (!found.ok) return found;
    const { game, narrator } = found.value;
    return narrator ? tellRecord(game, narrator, task) : { ok: false, error: { code: 'no-narrator', message: `${task.game} has no narrator` } };
  },
});
