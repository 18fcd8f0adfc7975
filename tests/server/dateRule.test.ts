/**
 * The product's one date rule (src/domain/validators/dates.ts: years 1900 to 2099) on every date a
 * query or a body carries: dates JavaScript reads but PostgreSQL refuses, or that no mission could
 * have, are a 400 in Portuguese — never a 500 — and nothing changes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_NOT_ALLOWED, INVALID_DATE, INVALID_TYPE } from '../../src/domain/messages';
import type { MissionDetailsResponse } from '../../src/domain/missionDetails';
import { DATE_OUT_OF_RANGE } from '../../src/domain/validators/dates';
import { useCatalogueApp, type Account, type Client } from './catalogueClient';
import type { TestApp } from './helpers';
import { insertMission } from './missionFixtures';

let t: TestApp;
let as: Record<Account, Client>;
useCatalogueApp((app, clients) => {
  t = app;
  as = clients;
});

/** Read by Date.parse, refused by PostgreSQL's timestamptz (the probe's three). */
const BEYOND_POSTGRES = ['10000-01-01', '+275760-09-13T00:00:00Z', '-271821-04-20T00:00:00Z'];
/** Stored fine by PostgreSQL, but no date of this product. */
const OUTSIDE_YEARS = ['1899-12-30T00:00:00Z', '2100-01-02T00:00:00Z', '0001-01-01T00:00:00Z'];
const INSIDE = '2026-03-01T00:00:00Z';

/** Every query that takes a period: the date under test in `side`, a sound one in the other. */
const PERIOD_QUERIES: [string, (start: string, end: string) => string][] = [
  ['monitoring', (start, end) => `/api/missions/request/monitoring?page=1&start=${start}&end=${end}`],
  ['billing report', (start, end) => `/api/reports/billing?start=${start}&end=${end}`],
  ['Excel export', (start, end) => `/api/reports/billing/excel?start=${start}&end=${end}`],
  ['dashboard', (start, end) => `/api/reports/dashboard?start=${start}&end=${end}`],
];

const issues = (body: string) => (JSON.parse(body) as { errors: { path: string; message: string }[] }).errors;

describe('dates in queries', () => {
  it.each(PERIOD_QUERIES)('%s: a start or an end beyond PostgreSQL or outside the years → 400 naming the years', async (_, url) => {
    for (const date of [...BEYOND_POSTGRES, ...OUTSIDE_YEARS]) {
      const sides: [string, string][] = [
        ['start', url(encodeURIComponent(date), INSIDE)],
        ['end', url(INSIDE, encodeURIComponent(date))],
      ];
      for (const [side, query] of sides) {
        const response = await as.gestor.get(query);
        expect(response.statusCode, `${side}=${date} ${response.body}`).toBe(400);
        expect(issues(response.body), `${side}=${date}`).toContainEqual(expect.objectContaining({ path: side, message: DATE_OUT_OF_RANGE }));
      }
    }
  });

  it.each(PERIOD_QUERIES)('%s: the first and last moments of the years are accepted', async (_, url) => {
    const response = await as.gestor.get(url('1900-01-01T00:00:00Z', '1900-06-01T00:00:00Z'));
    expect(response.statusCode, response.body).toBe(200);
    expect((await as.gestor.get(url('2099-06-01T00:00:00Z', '2099-12-31T23:59:59.999Z'))).statusCode).toBe(200);
  });

  it.each(PERIOD_QUERIES)('%s: wrong type, control character and over-long date → 400 in Portuguese', async (_, url) => {
    const bad: [string, string][] = [
      [`${url(INSIDE, INSIDE)}&start=${INSIDE}`, INVALID_TYPE],
      [url(encodeURIComponent(`${INSIDE}\u0007`), INSIDE), CONTROL_CHARACTERS_NOT_ALLOWED],
      [url('9'.repeat(5000), INSIDE), INVALID_DATE],
    ];
    for (const [query, message] of bad) {
      const response = await as.gestor.get(query);
      expect(response.statusCode, query.slice(0, 120)).toBe(400);
      expect(issues(response.body)).toContainEqual(expect.objectContaining({ path: 'start', message }));
    }
  });
});

describe('dates in bodies', () => {
  let prestador: Client;
  beforeAll(() => {
    prestador = as.prestador;
  });
  const occurrence = { date: INSIDE, type: 'theft', description: 'Tentativa na BR-116', city: 'São Paulo', state: 'SP', latitude: -23.55, longitude: -46.6 };
  const reading = (km: number, time: string) => ({ km, time });
  const odometer = (time: string) => ({
    start: reading(1, INSIDE),
    arrivalOnPlace: reading(2, INSIDE),
    endOnPlace: reading(3, INSIDE),
    end: reading(4, time),
  });
  const details = async (id: string) => (await as.gestor.get(`/api/missions/request/id/${id}/details`)).json<MissionDetailsResponse>();

  it('an occurrence date, an odometer time and the createdAt naming an item outside the years → 400, nothing changed', async () => {
    const id = await insertMission(t.database.db, 'started');
    expect((await prestador.post(`/api/missions/${id}/ocurrencies`, occurrence)).statusCode).toBe(201);
    const before = await details(id);
    const [stored] = before.ocurrenciesDisplay;
    for (const date of ['1899-12-30T00:00:00Z', '2100-01-02T00:00:00Z', '+010000-01-01T00:00:00Z']) {
      const added = await prestador.post(`/api/missions/${id}/ocurrencies`, { ...occurrence, date });
      expect(added.statusCode, date).toBe(400);
      expect(issues(added.body), date).toEqual([expect.objectContaining({ path: 'date', message: date.startsWith('+') ? INVALID_DATE : DATE_OUT_OF_RANGE })]);
      const agent = await prestador.post(`/api/missions/${id}/securityagents`, { name: 'Carlos', odometer: odometer(date) });
      expect(agent.statusCode, date).toBe(400);
      expect(issues(agent.body)).toContainEqual(expect.objectContaining({ path: 'odometer.end.time' }));
      const edited = await prestador.put(`/api/missions/${id}/ocurrencies`, { ...occurrence, description: 'Outra', createdAt: stored?.createdAt, date });
      expect(edited.statusCode, date).toBe(400);
    }
    const misnamed = await prestador.put(`/api/missions/${id}/ocurrencies`, { ...occurrence, createdAt: '1800-01-01T00:00:00Z' });
    expect(issues(misnamed.body)).toEqual([expect.objectContaining({ path: 'createdAt', message: DATE_OUT_OF_RANGE })]);
    const deleted = await prestador.del(`/api/missions/${id}/ocurrencies?createdAt=${encodeURIComponent('3000-01-01T00:00:00Z')}`);
    expect(issues(deleted.body)).toEqual([expect.objectContaining({ path: 'createdAt', message: DATE_OUT_OF_RANGE })]);
    const misnamedAttachment = await prestador.put(`/api/missions/${id}/attachments`, { createdAt: '1800-01-01T00:00:00Z', description: 'x' });
    expect(issues(misnamedAttachment.body)).toEqual([expect.objectContaining({ path: 'createdAt', message: DATE_OUT_OF_RANGE })]);
    expect(await details(id)).toEqual(before);
  });

  it('the odometer times at the edges are accepted: the first of the years, and (no later than) the server\'s now', async () => {
    const id = await insertMission(t.database.db, 'started');
    const edges = { start: reading(1, '1900-01-01T00:00:00Z'), arrivalOnPlace: reading(2, INSIDE), endOnPlace: reading(3, INSIDE), end: reading(4, t.clock.now.toISOString()) };
    const response = await prestador.post(`/api/missions/${id}/securityagents`, { name: 'Carlos', odometer: edges });
    expect(response.statusCode, response.body).toBe(201);
  });
});
