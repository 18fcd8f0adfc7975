/**
 * The polling clients of poll() (bench/common.ts), in a process of their own. In the bench's
 * process, which holds every section's modules and the seeding's leftovers (~135 MB of heap), its
 * own major GCs (5–23 ms each, every few seconds, seen with --trace-gc) landed in the measured
 * latencies: the slowest polls of a run were those pauses, with no statement of the server's
 * database running meanwhile. Browsers are not in one process either. IPC: a job → its result.
 */
export interface PollJob {
  url: string;
  requests: { path: string; headers: Record<string, string> }[];
  clients: number;
  intervalMs: number;
  seconds: number;
}

export interface PollResult {
  latencies: number[];
  non2xx: number;
  errors: number;
}

/**
 * Each client asks its request every `intervalMs`, starting at a random moment of the first
 * interval (browsers open the page at different times, so their polls do not line up). Latency is
 * measured per request, from send to the whole body read.
 */
async function pollAll({ url, requests, clients, intervalMs, seconds }: PollJob): Promise<PollResult> {
  const result: PollResult = { latencies: [], non2xx: 0, errors: 0 };
  const until = performance.now() + seconds * 1000;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const client = async (i: number) => {
    const request = requests[i % requests.length];
    if (!request) return;
    await sleep(Math.random() * intervalMs);
    while (performance.now() < until) {
      const sent = performance.now();
      try {
        const response = await fetch(`${url}${request.path}`, { headers: request.headers });
        await response.arrayBuffer();
        if (response.status < 200 || response.status > 299) result.non2xx += 1;
        result.latencies.push(performance.now() - sent);
      } catch {
        result.errors += 1;
      }
      await sleep(Math.max(0, intervalMs - (performance.now() - sent)));
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  return result;
}

process.once('message', (job: PollJob) => {
  pollAll(job).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
