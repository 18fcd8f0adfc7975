/**
 * The report dialog (row action 'Relatório'): a download button per kind the viewer may extract,
 * progress on the clicked button while the PDF is generated, the spec's toasts, and the line
 * saying whether the mission's timeline still matches its hash chain.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../src/dataProvider/HttpError';
import type { ChainVerification } from '../../src/domain/reports';
import { REPORT_PDF_ERROR, REPORT_PDF_SUCCESS } from '../../src/domain/reports';
import { TIMELINE_BROKEN } from '../../src/domain/reports/missionReport';
import { dismiss } from '../../src/layout/notify';
import { GESTOR_ADMIN, PRESTADOR_ADMIN, type FakeRequest } from './frameworkHarness';
import { PROVIDER_ID, missionRow, renderMissions, rowOf } from './missionsHarness';

const HEAD = 'abcdef0123456789'.repeat(4);
const chainOf = (id: string, intact: boolean): ChainVerification => ({
  missionRequestId: id,
  intact,
  events: 4,
  headHash: HEAD,
  brokenAt: intact ? null : { eventId: 'cccccccccccccccccccccc01', position: 2 },
});

const isPdf = (r: FakeRequest) => r.base === 'reports' && r.path === 'missionDetail/pdf';
const isVerify = (r: FakeRequest) => r.base === 'reports' && r.path === 'missionDetail/verify';

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

async function openReport(user: typeof GESTOR_ADMIN, intact = true, pdf: (r: FakeRequest) => unknown = () => new Blob(['%PDF-'], { type: 'application/pdf' })) {
  const finished = missionRow({ processNumber: 'FIN', storedStatus: 'finished', serviceProvider: PROVIDER_ID, serviceProviderName: 'Pronta' });
  const rendered = renderMissions(user, () => [finished]);
  rendered.api.use((r) => (isVerify(r) ? chainOf(finished._id, intact) : isPdf(r) ? pdf(r) : undefined));
  // The missions screen loads lazily; the first render of a file can take long on a busy machine.
  await screen.findByRole('table', { name: 'Missões' }, { timeout: 30_000 });
  await rendered.user.click(within(await rowOf('FIN')).getByRole('button', { name: 'Relatório da missão FIN' }));
  const dialog = await screen.findByRole('dialog', { name: 'Relatório — Missão FIN' });
  return { ...rendered, dialog, finished };
}

const buttonsOf = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Relatórios disponíveis' }))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

describe('mission report dialog', () => {
  it('risk manager: a button per kind, the intact chain with its short head hash, and a download with progress and toast', async () => {
    let release: (blob: Blob) => void = () => undefined;
    const { dialog, user, api, finished } = await openReport(GESTOR_ADMIN, true, () => new Promise<Blob>((resolve) => (release = resolve)));
    expect(buttonsOf(dialog)).toEqual(['Baixar relatório Cliente', 'Baixar relatório Prestadora', 'Baixar relatório Atendimento']);
    expect(await within(dialog).findByText(`Linha do tempo íntegra · ${HEAD.slice(0, 12)}`)).toBeInTheDocument();

    const shipper = within(dialog).getByRole('button', { name: 'Baixar relatório Cliente' });
    await user.click(shipper);
    expect(within(shipper).getByRole('progressbar', { name: 'Gerando relatório' })).toBeInTheDocument();
    for (const button of within(dialog).getAllByRole('button', { name: /^Baixar relatório/ })) expect(button).toBeDisabled();
    const call = api.calls.find(isPdf);
    expect(call?.query).toEqual({ missionRequestId: finished._id, type: 'shipper' });

    release(new Blob(['%PDF-'], { type: 'application/pdf' }));
    expect(await screen.findByText(REPORT_PDF_SUCCESS)).toBeInTheDocument();
    expect(downloads).toEqual(['relatorio-missao-fin-cliente.pdf']);
    await waitFor(() => expect(shipper).toBeEnabled());
    expect(within(shipper).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('provider: its own kind and Atendimento; a failed PDF shows the error toast and saves nothing; a broken chain warns', async () => {
    const { dialog, user } = await openReport(PRESTADOR_ADMIN, false, () => {
      throw new HttpError(500, { error: 'falhou' });
    });
    expect(buttonsOf(dialog)).toEqual(['Baixar relatório Prestadora', 'Baixar relatório Atendimento']);
    expect(await within(dialog).findByText(TIMELINE_BROKEN)).toBeInTheDocument();
    const simple = within(dialog).getByRole('button', { name: 'Baixar relatório Atendimento' });
    await user.click(simple);
    expect(await screen.findByText(REPORT_PDF_ERROR)).toBeInTheDocument();
    expect(downloads).toEqual([]);
    await waitFor(() => expect(simple).toBeEnabled());
  });
});
