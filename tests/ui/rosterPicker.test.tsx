/**
 * The 'Prestadores' tab's agent (docs/rules/agents.md) over the real server: a provider with a
 * roster picks the agent from it — one whose CNV is expired is shown as 'CNV vencida' and cannot be
 * picked — and the row reads 'CNV válida em dd/mm/aaaa'; a provider without a roster types the name,
 * and the row reads 'sem cadastro'. And the Agentes screen's notices: a CNV expiring within 30 days,
 * a missing PF authorisation.
 */
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { rosterAgents } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { DEMO_ROSTER_IDS } from '../../server/demo/seedRosters';
import AgentsPage from '../../src/custom/agents/AgentsPage';
import { MissionDetailsPage } from '../../src/custom/missionDetails/MissionDetailsPage';
import { FREE_NAME_HELP } from '../../src/custom/missionDetails/RosterAgentPicker';
import { createDataProvider } from '../../src/dataProvider';
import { ROSTER_TEXTS } from '../../src/domain/agents';
import { dayText, expiryWarning, PF_AUTHORIZATION_MISSING, saoPauloDay } from '../../src/domain/agents/licence';
import { AGENTS_PATH } from '../../src/domain/navigation';
import { session } from '../../src/authProvider/session';
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

/** `path` rendered for `email`, the details screen and the Agentes screen routed. */
async function renderAt(email: string, path: string) {
  const signed = await signIn(server.app, email);
  // The menu's guard (Agentes) reads the app's session, which the sign-in stored.
  session.load(true);
  const dataProvider = createDataProvider({ httpClient: signed.httpClient, endpoints: resourceEndpoints });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} authProvider={signed.authProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <OutboxProvider>
          <Routes>
            <Route path="/home/missions/:missionId/details/:missionStatus" element={<MissionDetailsPage />} />
            <Route path={AGENTS_PATH} element={<AgentsPage />} />
          </Routes>
        </OutboxProvider>
      </AdminContext>
      <Toaster />
    </TestMemoryRouter>,
  );
}

async function agentForm(email: string, provider: string) {
  const mission = await insertMission(server.database.db, 'started', provider);
  await renderAt(email, `/home/missions/${mission}/details/started`);
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

describe("the Agentes screen's notices", () => {
  it('warns of a CNV expiring within 30 days and of a missing PF authorisation', { timeout: 120_000 }, async () => {
    await renderAt('prestador2@demo.com.br', AGENTS_PATH);
    const notices = await screen.findByRole('list', { name: 'Avisos' }, { timeout: 30_000 });
    const today = saoPauloDay(new Date());
    const [expiring] = await server.database.db.select({ until: rosterAgents.cnvValidUntil }).from(rosterAgents).where(eq(rosterAgents.id, DEMO_ROSTER_IDS.expiring));
    expect(within(notices).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      PF_AUTHORIZATION_MISSING,
      expiryWarning('A CNV do agente Paulo Mendes', expiring?.until ?? '', today),
    ]);
  });
});
