/**
 * A server job that runs now and then every `intervalMs` on each instance (the SLA sweep, the
 * positions' retention): one pass at a time — a tick while one runs is skipped —, a failed pass
 * logged and the next one tried, the timer never holding the process open. Answers the function
 * that stops it, waiting for a pass under way (the shutdown's order: docs/operations/running.md).
 */

export interface PassLog {
  info: (data: object, message: string) => void;
  error: (data: object, message: string) => void;
}

export interface PeriodicPass {
  /** One pass; answers how many rows it changed (0: nothing logged). */
  run: () => Promise<number>;
  intervalMs: number;
  log: PassLog;
  /** The log lines: after a pass that changed rows (with `{ count }`), and after a failed one. */
  done: string;
  failed: string;
}

export function startPeriodicPass({ run, intervalMs, log, done, failed }: PeriodicPass): () => Promise<void> {
  let running: Promise<void> | null = null;
  const pass = () => {
    if (running) return;
    running = run()
      .then((count) => {
        if (count > 0) log.info({ count }, done);
      })
      .catch((error: unknown) => log.error({ err: error }, failed))
      .finally(() => {
        running = null;
      });
  };
  pass();
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
