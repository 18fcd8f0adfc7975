import { createDataProvider } from '../src/dataProvider';
import { createHttpClient, newIdempotencyKey } from '../src/dataProvider/httpClient';
import { createOutbox } from '../src/dataProvider/outbox';
import { outboxSender, type OutboxAction } from '../src/dataProvider/outboxActions';
import { memoryOutboxStore } from '../src/dataProvider/outboxStore';
import type { ChatMessage, MissionDetailsResponse } from '../src/domain/missionDetails';
import type { MonitoringPage } from '../src/domain/missions';
import { resourceEndpoints } from '../src/resources';
import { DEMO_IDS } from '../server/demo/demoIds';
import type { RunningServer } from '../tests/e2e/harness';
import { loginToken, report, type Figure } from './common';
import type { FieldReplay } from './field';

/**
 * The device's outbox replayed after a dropped connection (docs/rules/field-app.md, "Nada se perde
 * sem sinal"; docs/performance.md): ACTIONS field actions of the provider — chat messages and
 * occurrences, alternately — typed without signal on one of its running missions, then sent when the
 * signal returns, through the app's own outbox, data provider and HTTP client against the real
 * server. On the way back the network loses the answer of every LOSS_EVERY-th request once (the
 * server ran it; the device never heard), so the replay must lean on the Idempotency-Key. Counted
 * on the server afterwards: each action's text found once (duplicates: more than once; lost: never).
 * The floor, in the same run: the same number of actions sent one after the other with the signal up,
 * without the outbox. What it wrote goes with the bench's server and its data directory.
 */

const ACTIONS = 100;
const LOSS_EVERY = 10;
const PROVIDER = 'prestador@demo.com.br';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function actions(missionId: string, tag: string): { action: OutboxAction; text: string }[] {
  const date = new Date(Date.now() - 10 * 60_000).toISOString();
  return Array.from({ length: ACTIONS }, (_, i) => {
    const text = `${tag} ${String(i + 1).padStart(3, '0')}`;
    const action: OutboxAction =
      i % 2 === 0
        ? { kind: 'chatMessage', missionId, message: text, file: null, fileName: null }
        : { kind: 'missionItem', missionId, collection: 'ocurrencies', values: { date, type: 'theft', description: text, city: 'São Paulo', state: 'SP' } };
    return { action, text };
  });
}

/** How often each text of `sent` is on the server: the duplicated ones and the missing ones. */
async function tally(dataProvider: ReturnType<typeof createDataProvider>, missionId: string, sent: string[]) {
  const chat: ChatMessage[] = await dataProvider.missionChat(missionId);
  const details: MissionDetailsResponse = await dataProvider.missionDetails(missionId);
  const found = [...chat.map((m) => m.message), ...details.ocurrenciesDisplay.map((o) => o.description)];
  const times = (text: string) => found.filter((f) => f === text).length;
  return { duplicates: sent.filter((t) => times(t) > 1).length, lost: sent.filter((t) => times(t) === 0).length };
}

export const benchFieldReplay: FieldReplay = async (server: RunningServer): Promise<Figure[]> => {
  console.log(`\n(campo) Fila sem sinal: ${ACTIONS} ações reenviadas quando o sinal volta (a rede perde 1 resposta a cada ${LOSS_EVERY})`);
  const token = await loginToken(server.url, PROVIDER);
  const network = { up: true, losing: false, requests: 0, lostAnswers: 0 };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (!network.up) throw new TypeError('Failed to fetch');
    const url = typeof input === 'string' && input.startsWith('/') ? `${server.url}${input}` : input;
    const answer = await globalThis.fetch(url, init);
    if (network.losing && init?.method === 'POST' && ++network.requests % LOSS_EVERY === 0) {
      network.lostAnswers++;
      throw new TypeError('network error');
    }
    return answer;
  };
  const httpClient = createHttpClient({ fetch, getToken: () => token });
  const dataProvider = createDataProvider({ httpClient, endpoints: resourceEndpoints });
  const monitoring: MonitoringPage = await dataProvider.missionsMonitoring({ page: 1, status: 'started' });
  const mission = monitoring.data.find((m) => m.serviceProvider === DEMO_IDS.provider);
  if (!mission) throw new Error('nenhuma missão iniciada da prestadora de demonstração');
  const send = outboxSender(dataProvider);

  // The floor: the same actions sent at once, signal up, no outbox (no answer lost).
  const direct = actions(mission._id, `direto ${Date.now()}`);
  const floorStart = performance.now();
  for (const { action } of direct) await send(action, newIdempotencyKey());
  const floorMs = performance.now() - floorStart;

  // Without signal: every action waits on the device.
  const outbox = createOutbox({ store: memoryOutboxStore(), send, isOnline: () => network.up });
  await outbox.signedIn('prestadora');
  network.up = false;
  const queued = actions(mission._id, `fila ${Date.now()}`);
  for (const { action } of queued) {
    if (!(await outbox.submit(action, '/home/missions')).queued) throw new Error('ação enviada sem sinal');
  }
  const waiting = outbox.entries().length;

  // The signal returns: flushed again until nothing waits, as the app does on `online` and every 20 s.
  network.up = true;
  network.losing = true;
  let rounds = 0;
  const replayStart = performance.now();
  while (outbox.entries().some((e) => e.rejection === null) && rounds < ACTIONS * 2) {
    rounds++;
    await outbox.flush();
  }
  const replayMs = performance.now() - replayStart;
  network.losing = false;
  const refused = outbox.entries().filter((e) => e.rejection !== null).length;

  const replayed = await tally(dataProvider, mission._id, queued.map((q) => q.text));
  const floor = await tally(dataProvider, mission._id, direct.map((d) => d.text));
  return [
    report({
      name: `Envio direto de ${ACTIONS} ações com sinal, sem a fila (piso, em sequência)`,
      value: seconds(floorMs),
      note: `${(floorMs / ACTIONS).toFixed(1)} ms por ação; duplicadas ${floor.duplicates}, perdidas ${floor.lost}`,
    }),
    report({
      name: `Reenvio de ${ACTIONS} ações guardadas sem sinal, quando o sinal volta`,
      value: seconds(replayMs),
      note: `${(replayMs / ACTIONS).toFixed(1)} ms por ação (${(replayMs / floorMs).toFixed(2)}× o piso); ${waiting} guardadas, ${rounds} rodada(s) de reenvio, ${network.lostAnswers} respostas perdidas na volta, ${refused} recusadas`,
    }),
    report({ name: 'Reenvio: duplicadas no servidor', value: String(replayed.duplicates), target: '0', ok: replayed.duplicates === 0 }),
    report({ name: 'Reenvio: perdidas', value: String(replayed.lost + refused), target: '0', ok: replayed.lost + refused === 0 }),
  ];
};
