/** Resolves when the process is asked to stop (SIGINT or SIGTERM): `drey serve` and `drey worker` then close cleanly. */
export function untilStopped(): Promise<void> {
  return new Promise<void>((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
