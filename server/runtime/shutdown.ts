import type { FastifyBaseLogger } from 'fastify';

/** One thing to close on shutdown (the HTTP server, the database, the data-dir lock). */
export interface ShutdownStep {
  name: string;
  run(): unknown;
}

/**
 * Closes every step in order, even when an earlier one fails (the lock must go whatever happened
 * to the database), logging each failure. Answers the process exit code: 0 when everything closed,
 * 1 otherwise — a supervisor must be able to tell a clean stop from a broken one.
 */
export async function closeGracefully(steps: ShutdownStep[], log: Pick<FastifyBaseLogger, 'error'>): Promise<number> {
  let code = 0;
  for (const step of steps) {
    try {
      await step.run();
    } catch (error) {
      code = 1;
      log.error({ err: error, step: step.name }, 'shutdown step failed');
    }
  }
  return code;
}
