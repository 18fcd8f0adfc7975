/**
 * Group commit: requests that arrive while a group is being written wait for the next group, and each
 * group is written at once by `write` (one round of statements, one transaction) instead of one round
 * per request (docs/performance.md, the positions row). A lone request is written at once, with no
 * wait; under load a group holds whatever arrived during the previous one, up to `max`. `write`
 * answers each item's outcome in order: null for done, or the error that item's request answers; a
 * `write` that throws fails every item of its group. A request is answered only once its group is
 * written, so its answer still says what happened to it.
 */
export function groupCommit<T>(write: (items: T[]) => Promise<(Error | null)[]>, max: number): (item: T) => Promise<void> {
  type Waiting = { item: T; resolve: () => void; reject: (error: unknown) => void };
  const queue: Waiting[] = [];
  let writing = false;

  async function drain(): Promise<void> {
    writing = true;
    while (queue.length > 0) {
      const group = queue.splice(0, max);
      let outcomes: (Error | null)[];
      try {
        outcomes = await write(group.map((waiting) => waiting.item));
      } catch (error) {
        outcomes = group.map(() => (error instanceof Error ? error : new Error(String(error))));
      }
      group.forEach((waiting, i) => {
        const outcome = outcomes[i];
        if (outcome) waiting.reject(outcome);
        else waiting.resolve();
      });
    }
    writing = false;
  }

  return (item) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!writing) void drain();
    });
}
