/**
 * The 'Prestadores' tab's agent (docs/rules/agents.md) over the real server: a provider with a
 * roster picks the agent from it — one whose CNV is expired is shown as 'CNV vencida' and cannot be
 * picked — and the row reads 'CNV válida em dd/mm/aaaa'; a provider without a roster types the name,
 * and the row reads 'sem cadastro'.
 */
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { MissionDetailsPage } from '../../src/custom/missionDetails/MissionDetailsPage';
import { FREE_NAME_HELP } from '../../src/custom/missionDetails/RosterAgentPicker';
import { createDataProvider } from '../../src/dataProvider';
import { ROSTER_TEXTS } from '../../src/domain/agents';
import { dayText, saoPauloDay } from '../../src/domain/agents/licence';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { OutboxProvider } from '../../src/layout/OutboxProvider';
import { dismiss } from '../../src/layout/notify';
import { Toaster } from '../../src/layout/Toaster';
import { resourceEndpoints } from '../../src/resources';
import { createTestApp, type TestApp } from '../server/helpers';
import { insertMission } from '../server/missionFixtures';
import { signIn } from './contractHarness';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
}, 120_000);
afterAll(async () => server?.close());
afterEach(() => act(() => dismiss()));

async function agentForm(email: string, provider: string) {
  const mission = await insertMission(server.database.db, 'started', provider);
  const signed = await signIn(server.app, email);
  const dataProvider = createDataProvider({ httpClient: signed.httpClient, endpoints: resourceEndpoints });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  render(
    <TestMemoryRouter initialEntries={[`/home/missions/${mission}/details/started`]}>
      <AdminContext dataProvider={dataProvider} authProvider={signed.authProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <OutboxProvider>
          <Routes>
            <Route path="/home/missions/:missionId/details/:missionStatus" element={<MissionDetailsPage />} />
          </Routes>
        </OutboxProvider>
      </AdminContext>
      <Toaster />
    </TestMemoryRouter>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Prestadores' }, { timeout: 30_000 }));
  await user.click(await screen.findByRole('button', { name: 'Adicionar' }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

/** The start reading, an hour ago, as the form's fields take it. */
async function typeStart(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const ms = Date.now() - 3_600_000;
  const local = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await user.type(within(dialog).getAllByLabelText('Km')[0] as HTMLElement, '1000');
  const time = within(dialog).getAllByLabelText('Data e hora')[0] as HTMLInputElement;
  await user.clear(time);
  await user.type(time, local);
}

/** The 'CNV' column, the cell after the agent's name. */
async function licenceOf(name: string) {
  const cell = await screen.findByRole('cell', { name }, { timeout: 30_000 });
  const cells = within(cell.closest('tr') as HTMLElement).getAllByRole('cell');
  return cells[cells.indexOf(cell) + 1]?.textContent;
}

describe("the 'Prestadores' tab's roster picker", () => {
  it('a provider with a roster picks from it; an expired CNV is shown but cannot be picked', { timeout: 120_000 }, async () => {
    const { user, dialog } = await agentForm('prestador2@demo.com.br', DEMO_IDS.providerSul);
    const picker = await within(dialog).findByRole('combobox', { name: /Agente do cadastro/ }, { timeout: 30_000 });
    // No free name while the provider has a roster.
    expect(within(dialog).queryByText(FREE_NAME_HELP)).not.toBeInTheDocument();
    await user.click(picker);
    const expired = await screen.findByRole('option', { name: `Sérgio Lima — ${ROSTER_TEXTS.cnvExpired}` });
    // Disabled: it takes no click (user-event refuses to click it).
    expect(expired).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'Ricardo Almeida' }));
    expect(picker).toHaveValue('Ricardo Almeida');
    await typeStart(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 30_000 });
    expect(await licenceOf('Ricardo Almeida')).toBe(`CNV válida em ${dayText(saoPauloDay(new Date()))}`);
  });

  it("a provider without a roster types the name, and the row reads 'sem cadastro'", { timeout: 120_000 }, async () => {
    const { user, dialog } = await agentForm('prestador@demo.com.br', DEMO_IDS.provider);
    expect(await within(dialog).findByText(FREE_NAME_HELP, {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: /Agente do cadastro/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Nome/), 'Rui Digitado');
    await typeStart(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await licenceOf('Rui Digitado')).toBe('sem cadastro');
  });
});
