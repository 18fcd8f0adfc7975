import { rmSync } from 'node:fs';
import type { CreatedWebhookEndpoint } from '../src/domain/webhooks/contracts';
import { newDataDir, startServer, stopServer } from '../tests/e2e/harness';
import { missionBody } from '../tests/server/missionsClient';
import { startReceiver, type Receiver } from '../tests/server/webhookReceiver';
import { loginToken, median, ms, report, requireBuild, type Figure } from './common';
import { freshPostgres } from './freshPostgres';

/**
 * The webhooks' budget (docs/performance.md, section webhooks; docs/rules/webhooks.md), on one
 * `npm start` with the product's attempt timeout (10 s): the risk manager creates missions at
 * BENCH_WEBHOOK_RATE a second (50), each one POST answered or not, in three phases of
 * BENCH_WEBHOOK_SECONDS (20) after a warm-up, in one run:
 * 1. no webhook: the writes' own p99, the baseline;
 * 2. a webhook whose receiver answers 200 at once: the writes' p99, and from each mission's commit
 *    (its event's time, taken inside the transaction: a little before the commit, never after) to
 *    the receipt of its signed `mission.created`;
 * 3. the same webhook pointed at a receiver that never answers: the writes' p99, while every attempt
 *    waits for its timeout.
 * Each write p99 is printed against the baseline's, and 3 against 2. PGlite by default; with
 * DATABASE_URL, the same again on a new PostgreSQL database (dropped after). The data directory, the
 * database and the receivers are removed at the end.
 */

const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const RATE = number('BENCH_WEBHOOK_RATE', 50);
const SECONDS = number('BENCH_WEBHOOK_SECONDS', 20);
const WARMUP_SECONDS = 5;
const HOOKS = '/api/v1/integrations/webhooks';
const ENV = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' };
/** Held attempts end at the timeout when the server stops; closing a PGlite that took writes takes its time. */
const STOP_MS = 120_000;

const sleep = (wait: number) => new Promise((r) => setTimeout(r, wait));
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))] ?? Number.NaN;

interface Writes {
  /** Each write's time from POST to answer, in ms. */
  latencies: number[];
  /** When each created mission's answer came (Date.now()), by process number. */
  answeredAt: Map<string, number>;
  /** The writes not answered 201, by status ('rede': no answer). */
  failed: Map<string, number>;
}

/** Missions created every 1000/RATE ms for `seconds`, on time whether the previous one was answered or not. */
async function paceWrites(url: string, token: string, seconds: number, label: string): Promise<Writes> {
  const writes: Writes = { latencies: [], answeredAt: new Map(), failed: new Map() };
  const fail = (status: string) => void writes.failed.set(status, (writes.failed.get(status) ?? 0) + 1);
  const answers: Promise<void>[] = [];
  const started = performance.now();
  for (let n = 0; n < seconds * RATE; n++) {
    await sleep(Math.max(0, started + (n * 1000) / RATE - performance.now()));
    const at = performance.now();
    const processNumber = `WH-${label}-${n}`;
    answers.push(
      fetch(`${url}/api/missions/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-access-token': token },
        body: JSON.stringify(missionBody({ processNumber })),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          if (response.status === 201) {
            writes.latencies.push(performance.now() - at);
            writes.answeredAt.set(processNumber, Date.now());
          } else fail(String(response.status));
        },
        () => fail('rede'),
      ),
    );
  }
  await Promise.all(answers);
  return writes;
}

interface Measured {
  baseline: Writes;
  answering: Writes;
  silent: Writes;
  /** Commit → receipt of each mission.created of phase 2, in ms: from its event's time (a little before the commit) and from the write's answer (after it). */
  delivery: { fromEvent: number[]; fromAnswer: number[]; distinct: number };
  expected: number;
}

async function measure(url: string): Promise<Measured> {
  const token = await loginToken(url, 'gestor@demo.com.br');
  const answering = await startReceiver();
  const silent = await startReceiver();
  silent.answer = () => null;
  try {
    await paceWrites(url, token, WARMUP_SECONDS, 'aquecimento');
    const baseline = await paceWrites(url, token, SECONDS, 'base');

    const created = await fetch(`${url}${HOOKS}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': token },
      body: JSON.stringify({ url: answering.url, events: ['mission.created'] }),
    });
    if (created.status !== 201) throw new Error(`webhook → ${created.status} ${await created.text()}`);
    const hook = (await created.json()) as CreatedWebhookEndpoint;
    answering.secrets.push(hook.secret);
    silent.secrets.push(hook.secret);
    const writes = await paceWrites(url, token, SECONDS, 'responde');
    await answering.waitFor(writes.latencies.length, 60_000);
    const delivery = deliveryTimes(answering, writes);

    const moved = await fetch(`${url}${HOOKS}/${hook._id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-access-token': token },
      body: JSON.stringify({ url: silent.url, events: ['mission.created'], active: true }),
    });
    if (moved.status !== 200) throw new Error(`webhook → ${moved.status} ${await moved.text()}`);
    const held = await paceWrites(url, token, SECONDS, 'muda');
    return { baseline, answering: writes, silent: held, delivery, expected: writes.latencies.length };
  } finally {
    await answering.close();
    await silent.close();
  }
}

/**
 * Each receipt's delay after its mission's commit, verified signatures only (a bad one counts as not
 * delivered). The commit lies between the event's time and the write's answer: the first gives an
 * upper bound of the delay (under a queue of writes it also counts the wait for the database), the
 * second a lower one (the receipt may come before the answer).
 */
function deliveryTimes(receiver: Receiver, writes: Writes): Measured['delivery'] {
  const verified = receiver.received.filter((r) => r.verifiedWith.length === 1).map((r) => ({ at: r.at, data: r.body.data as { occurredAt: string; processNumber: string } }));
  return {
    distinct: new Set(receiver.received.map((r) => r.id)).size,
    fromEvent: verified.map((r) => r.at - Date.parse(r.data.occurredAt)),
    // A mission committed whose answer was lost (a network error) has no answer to count from.
    fromAnswer: verified.flatMap((r) => {
      const answered = writes.answeredAt.get(r.data.processNumber);
      return answered === undefined ? [] : [r.at - answered];
    }),
  };
}

function figuresOf(kind: string, m: Measured): Figure[] {
  const base = p99(m.baseline.latencies);
  const failures = (w: Writes) => [...w.failed.values()].reduce((sum, n) => sum + n, 0);
  const writesOf = (w: Writes) =>
    `p99 ${ms(p99(w.latencies))} (${w.latencies.length} com 201${w.failed.size ? `; sem 201: ${[...w.failed].map(([status, n]) => `${n} × ${status}`).join(', ')}` : ''})`;
  const answering = p99(m.answering.latencies);
  const silent = p99(m.silent.latencies);
  const ratio = silent / answering;
  const { fromEvent, fromAnswer, distinct } = m.delivery;
  const ids = fromEvent.length;
  const spreadOf = (values: number[]) => `p50 ${ms(median(values))}, p99 ${ms(p99(values))}, máx ${ms(Math.max(...values))}`;
  return [
    report({
      name: `${kind}: do commit ao recebimento do webhook, ${RATE} missões/s por ${SECONDS} s, receptor respondendo na hora (contado do evento da missão)`,
      value: `${spreadOf(fromEvent)}; ${ids} entregas assinadas, ${distinct} webhook-id distintos, ${m.expected} missões respondidas 201`,
      target: 'p99 < 1000 ms, todas entregues, uma vez',
      ok: p99(fromEvent) < 1000 && ids >= m.expected && distinct === ids,
      note: `contado da resposta da escrita (depois do commit; negativo quando o webhook chega antes da resposta): ${spreadOf(fromAnswer)}`,
    }),
    report({
      name: `${kind}: escrita com um receptor que nunca responde ÷ com um que responde na hora (p99 da criação de missão, ${RATE}/s)`,
      value: `${ratio.toFixed(2)}× (${ms(silent)} ÷ ${ms(answering)})`,
      target: '≤ 1,5× (sem mudança, com o ruído da máquina)',
      ok: ratio <= 1.5 && failures(m.answering) === 0 && failures(m.silent) === 0,
      note: `sem webhook: ${writesOf(m.baseline)}; respondendo: ${writesOf(m.answering)}, ${(answering / base).toFixed(2)}× o sem webhook; nunca respondendo: ${writesOf(m.silent)}, ${(silent / base).toFixed(2)}× o sem webhook`,
    }),
  ];
}

async function webhooksOn(kind: 'PGlite' | 'PostgreSQL'): Promise<Figure[]> {
  const dataDir = newDataDir();
  const pg = kind === 'PostgreSQL' && process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL, `bench_webhooks_${process.pid}`) : null;
  try {
    const server = await startServer(dataDir, { ...ENV, ...(pg ? { DATABASE_URL: pg.url } : {}) });
    try {
      return figuresOf(kind, await measure(server.url));
    } finally {
      await stopServer(server, STOP_MS);
    }
  } finally {
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchWebhooks(): Promise<Figure[]> {
  console.log(`\nWebhooks: ${RATE} missões/s, fases de ${SECONDS} s`);
  await requireBuild();
  const figures = await webhooksOn('PGlite');
  if (process.env.DATABASE_URL) figures.push(...(await webhooksOn('PostgreSQL')));
  else console.log('  PostgreSQL: não medido (defina DATABASE_URL)');
  return figures;
}
