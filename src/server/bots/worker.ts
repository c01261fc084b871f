/** A bot worker thread: answers BotTasks one at a time, off the server's event loop. */
import { parentPort } from 'node:worker_threads';
import { BUILTINS } from '../../games/index.js';
import { decide } from './decide.js';
import type { BotTask } from './task.js';

if (!parentPort) throw new Error('the bot worker must run in a worker thread');
const port = parentPort;
port.on('message', (task: BotTask) => {
  port.postMessage(decide(BUILTINS, task));
});
