/** The benches' one way to learn where a spawned `dist/server/start.js` listens. */
import type { ChildProcess } from 'node:child_process';

/** Resolves to the URL the server prints ("serving on http://…"); rejects if it exits first. */
export const servedUrl = (server: ChildProcess): Promise<string> =>
  new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /serving on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    server.once('exit', (code) => reject(new Error(`server exited ${String(code)} (run npm run build first)`)));
  });
