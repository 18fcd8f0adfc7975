// npm run fuzz: the API fuzzer (tests/server/fuzz.test.ts) at length. FUZZ_RUNS cases per operation
// (default 250, about 23,000 requests in all; CI runs 16), FUZZ_SEED to replay a printed seed.
import { runBin } from './build-if-stale.mjs';

const env = { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '250' };
process.exit(await runBin('vitest', ['run', '--project', 'server', 'tests/server/fuzz.test.ts'], { env }));
