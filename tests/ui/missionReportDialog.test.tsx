/**
 * The report dialog (row action 'Relatório') over the real server: a download button per kind
 * the viewer may extract, progress on the clicked button while the PDF is generated, the product's
 * toasts, and the line saying whether the mission's timeline still matches its hash chain.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { desc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { missionEvents } from '../../server/db/schema';
import { HttpError } from '../../src/dataProvider/HttpError';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import type { MissionDetail } from '../../src/domain/missions';
import { REPORT_PDF_ERROR, REPORT_PDF_SUCCESS } from '../../src/domain/reports';
import { TIMELINE_BROKEN } from '../../src/domain/reports/missionReport';
import { dismiss } from '../../src/layout/notify';
import { missionBody, proposalBody } from '../server/missionsClient';
import { PROVIDER_ID, renderMissions, rowOf, serveMissions, type Account } from './missionsHarness';

const server = serveMissions();

const isPdf = (path: string) => path.replace(/^\//, '') === 'missionDetail/pdf';

let downloads: string[] = [];
beforeEach(() => {
  downloads = [];
  URL.createObjectURL = vi.fn(() => 'blob:relatorio');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  dismiss();
});

/** Mission FIN through the real routes: created, proposed and accepted, finished by Pronta Resposta Demo. */
async function finishedMission(): Promise<string> {
  const mission = await server.call<MissionDetail>('gestor', 'POST', '/api/missions/request', missionBody({ processNumber: 'FIN' }));
  await server.call('prestador', 'POST', '/api/missions/proposals', proposalBody(mission._id));
  await server.call('gestor', 'PUT', `/api/missions/request/${mission._id}/status`, { missionRequest: mission._id, status: 'started', serviceProvider: PROVIDER_ID });
  await server.call('prestador', 'PUT', `/api/missions/request/${mission._id}/status`, { missionRequest: mission._id, status: 'finished' });
  return mission._id;
}

/** `prepare`: what happens to the mission before the screen is opened. */
async function openReport(account: Account, wrap: (real: HttpClient) => HttpClient, prepare?: (id: string) => Promise<void>) {
  const id = await finishedMission();
  await prepare?.(id);
  const rendered = await renderMissions(server, account, { wrap });
  // The missions screen loads lazily; the first render of a file can take long on a busy machine.
  await screen.findByRole('table', { name: 'Missões' }, { timeout: 30_000 });
  await rendered.user.click(within(await rowOf('FIN')).getByRole('button', { name: 'Relatório da missão FIN' }));
  const dialog = await screen.findByRole('dialog', { name: 'Relatório — Missão FIN' });
  return { ...rendered, dialog, id };
}

const buttonsOf = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Relatórios disponíveis' }))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

describe('mission report dialog', () => {
  it('risk manager: a button per kind, the intact chain with its short head hash, and a download with progress and toast', { timeout: 45_000 }, async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Holds the PDF request before it reaches the real server, so the progress can be seen.
    const wrap = (real: HttpClient): HttpClient =>
      (async (base, path, options) => {
        if (isPdf(path)) await held;
        return real(base, path, options);
      });
    const { dialog, user, id } = await openReport('gestor', wrap);
    expect(buttonsOf(dialog)).toEqual(['Baixar relatório Cliente', 'Baixar relatório Prestadora', 'Baixar relatório Atendimento']);
    const [head] = await server.t.database.db
      .select({ hash: missionEvents.hash })
      .from(missionEvents)
      .where(eq(missionEvents.mission, id))
      .orderBy(desc(missionEvents.seq))
      .limit(1);
    expect(await within(dialog).findByText(`Linha do tempo íntegra · ${head?.hash?.slice(0, 12) ?? ''}`)).toBeInTheDocument();

    const shipper = within(dialog).getByRole('button', { name: 'Baixar relatório Cliente' });
    await user.click(shipper);
    expect(within(shipper).getByRole('progressbar', { name: 'Gerando relatório' })).toBeInTheDocument();
    for (const button of within(dialog).getAllByRole('button', { name: /^Baixar relatório/ })) expect(button).toBeDisabled();

    release();
    expect(await screen.findByText(REPORT_PDF_SUCCESS, undefined, { timeout: 20_000 })).toBeInTheDocument();
    const asked = server.requests.find((r) => r.path === '/api/reports/missionDetail/pdf');
    expect(Object.fromEntries(asked?.query ?? [])).toEqual({ missionRequestId: id, type: 'shipper' });
    expect(downloads).toEqual(['relatorio-missao-fin-cliente.pdf']);
    await waitFor(() => expect(shipper).toBeEnabled());
    expect(within(shipper).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('provider: its own kind and Atendimento; a failed PDF shows the error toast and saves nothing; a broken chain warns', { timeout: 45_000 }, async () => {
    // The server's PDF generation cannot be made to fail from outside: the failure is simulated.
    const wrap = (real: HttpClient): HttpClient =>
      (async (base, path, options) => {
        if (isPdf(path)) throw new HttpError(500, { error: 'falhou' });
        return real(base, path, options);
      });
    // As the database owner could: one stored event changed with the append-only trigger off.
    const tamper = async (id: string) => {
      const db = server.t.database.db;
      const [, second] = await db.select({ id: missionEvents.id }).from(missionEvents).where(eq(missionEvents.mission, id)).orderBy(missionEvents.seq);
      await db.execute(sql`alter table mission_events disable trigger mission_events_append_only`);
      try {
        await db.execute(sql`update mission_events set actor_name = 'Outra pessoa' where id = ${second?.id ?? ''}`);
      } finally {
        await db.execute(sql`alter table mission_events enable trigger mission_events_append_only`);
      }
    };
    const { dialog, user } = await openReport('prestador', wrap, tamper);
    expect(buttonsOf(dialog)).toEqual(['Baixar relatório Prestadora', 'Baixar relatório Atendimento']);
    expect(await within(dialog).findByText(TIMELINE_BROKEN)).toBeInTheDocument();
    const simple = within(dialog).getByRole('button', { name: 'Baixar relatório Atendimento' });
    await user.click(simple);
    expect(await screen.findByText(REPORT_PDF_ERROR)).toBeInTheDocument();
    expect(downloads).toEqual([]);
    await waitFor(() => expect(simple).toBeEnabled());
  });
});
