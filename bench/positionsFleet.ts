import type { LiveTicket } from '../src/domain/live/contracts';
import type { MissionDetail, Proposal } from '../src/domain/missions';
import type { TrackerDevice } from '../src/domain/positions/contracts';
import { cnpjCheckDigits } from '../src/domain/validators/cnpj';
import { missionBody, proposalBody } from '../tests/server/missionsClient';
import { loginToken } from './common';

/**
 * The positions bench's world (docs/performance.md, section positions), made through the product's
 * own API as its users make it, on the demo tenant: `providers` quick-response companies, each with
 * an operational login, a mission it won and started, and its share of the fleet's devices
 * registered by that login; one more provider whose single device is the probe of the delivery
 * figure (its mission hears no other device, so each of its events is one probe); and `watchers`
 * risk-manager logins of the tenant, each with its own session and live-stream ticket.
 */

export interface Fleet {
  /** The tracking devices' identifiers (their credential), the probe's excluded. */
  devices: string[];
  probe: { identifier: string; mission: string };
  /** One session token per watching risk manager. */
  watchers: string[];
}

const PASSWORD = 'Bench@2026';

async function call<T>(url: string, token: string, method: 'POST' | 'PUT', path: string, body: unknown, status: number): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-access-token': token },
    body: JSON.stringify(body),
  });
  if (response.status !== status) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** `work` over `items`, `width` at a time (a few requests in flight, as a handful of people at their desks). */
async function inParallel<T, R>(items: T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

/**
 * One mission at a time, from creation to start, as a dispatch desk does them; the rest of the
 * setup runs side by side. (A creation and a start at once in one tenant used to deadlock on
 * PostgreSQL: docs/rules/missions.md, "Ordem dos bloqueios".)
 */
let missionDesk: Promise<unknown> = Promise.resolve();
function atTheDesk<T>(work: () => Promise<T>): Promise<T> {
  const turn = missionDesk.then(work);
  missionDesk = turn.catch(() => undefined);
  return turn;
}

/** A provider with a login, a started mission it holds and `devices` devices registered by that login. */
async function providerWithMission(url: string, gestor: string, n: number, devices: number): Promise<{ mission: string; identifiers: string[] }> {
  const cnpjBase = `77${String(n).padStart(10, '0')}`;
  const name = `Prestadora Bench ${n}`;
  const company = await call<{ _id: string }>(url, gestor, 'POST', '/api/service-providers/info', {
    name,
    legalName: `${name} Segurança Ltda`,
    cnpj: cnpjBase + cnpjCheckDigits(cnpjBase),
    active: true,
    contacts: { phone1: '(11) 98888-7777', phone2: '', phone3: '' },
  }, 201);
  const email = `operador${n}@prestadora-bench.com.br`;
  await call(url, gestor, 'POST', '/api/service-providers/login', {
    email,
    name: `Operador Bench ${n}`,
    password: PASSWORD,
    role: { perfil: 'operational' },
    serviceProvider: company._id,
    serviceProviderName: name,
  }, 201);
  const provider = await loginToken(url, email, PASSWORD);
  const mission = await atTheDesk(async () => {
    const created = await call<MissionDetail>(url, gestor, 'POST', '/api/missions/request', missionBody({ processNumber: `POS-${n}` }), 201);
    const proposal = await call<Proposal>(url, provider, 'POST', '/api/missions/proposals', proposalBody(created._id), 201);
    await call(url, gestor, 'PUT', `/api/missions/request/${created._id}/status`, { missionRequest: created._id, status: 'started', serviceProvider: proposal.serviceProvider }, 200);
    return created;
  });
  const identifiers: string[] = [];
  for (let d = 0; d < devices; d++) {
    const device = await call<TrackerDevice>(url, provider, 'POST', '/api/positions/devices', { name: `Viatura ${d + 1}`, agent: `Agente ${n}.${d + 1}` }, 201);
    identifiers.push(device.identifier);
  }
  return { mission: mission._id, identifiers };
}

/** A risk-manager login of the demo tenant, created by its administrator, and its session. */
async function watcher(url: string, gestor: string, n: number): Promise<string> {
  const email = `monitor${n}@gerenciadora-bench.com.br`;
  await call(url, gestor, 'POST', '/api/risk-managers/login', { name: `Monitor Bench ${n}`, email, password: PASSWORD, role: { perfil: 'operational' }, active: true }, 201);
  return loginToken(url, email, PASSWORD);
}

export async function buildFleet(url: string, { providers, devices, watchers }: { providers: number; devices: number; watchers: number }): Promise<Fleet> {
  const gestor = await loginToken(url, 'gestor@demo.com.br');
  const shares = Array.from({ length: providers }, (_, n) => Math.floor(devices / providers) + (n < devices % providers ? 1 : 0));
  const made = await inParallel(shares, 4, (share, n) => providerWithMission(url, gestor, n + 1, share));
  const probe = await providerWithMission(url, gestor, providers + 1, 1);
  const tokens = await inParallel(Array.from({ length: watchers }, (_, n) => n + 1), 4, (n) => watcher(url, gestor, n));
  return {
    devices: made.flatMap((m) => m.identifiers),
    probe: { identifier: probe.identifiers[0] ?? '', mission: probe.mission },
    watchers: tokens,
  };
}

/** One live-stream ticket per session, from POST live/ticket as the browser gets it. */
export async function ticketsOf(url: string, tokens: string[]): Promise<string[]> {
  return inParallel(tokens, 4, async (token) => (await call<LiveTicket>(url, token, 'POST', '/api/missions/live/ticket', {}, 201)).ticket);
}
