/**
 * Administração → Privacidade (/home/admin/privacy, docs/rules/privacy.md) over the real server with
 * the demo seed: each tab as the risk manager's Administrador — a data subject searched (a bad CPF
 * refused under the box), exported in JSON and PDF, anonymised after a confirmation (once, even on a
 * double click), a request registered and answered; the retention refused out of its limits then
 * saved; an incident registered, edited and its early deletion refused — and who may open it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { auditLog, privacyIncidents, privacySettings } from '../../server/db/schema';
import PrivacyPage from '../../src/custom/privacy/PrivacyPage';
import { dayText } from '../../src/domain/agents/licence';
import { INVALID_CPF } from '../../src/domain/messages';
import { answerDeadline, PRIVACY_MESSAGES as M } from '../../src/domain/privacy';
import { brasiliaToday } from '../../src/domain/privacy/schemas';
import { PRIVACY_TEXTS as T } from '../../src/domain/privacy/texts';
import type { TestApp } from '../server/helpers';
import { serveScreens } from './screenServer';
import { expectToast, renderPageOverServer } from './contractHarness';

const SLOW = { timeout: 20_000 };
// The demo's finished mission was served by this agent (server/demo/seedBillings.ts); nothing keeps them.
const AGENT = 'Carlos Menezes';

let t: TestApp;
serveScreens((ready) => (t = ready));

const renderPrivacy = (email: string) => renderPageOverServer(t.app, email, '/home/admin/privacy', <PrivacyPage />);

/** The files the screen saved, as the blobs handed to the browser. */
function capturedDownloads(): Blob[] {
  const saved: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push(blob as Blob);
    return 'blob:titular';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return saved;
}

async function search(user: ReturnType<typeof userEvent.setup>, subject: string) {
  const box = screen.getByRole('textbox', { name: T.subject });
  await user.clear(box);
  await user.type(box, subject);
  await user.click(screen.getByRole('button', { name: T.search }));
}

const setDate = (dialog: HTMLElement, label: RegExp, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe('Privacidade: Solicitações de titulares', () => {
  it('refuses a bad CPF, finds the agent, exports JSON and PDF, anonymises once after the confirmation', async () => {
    const saved = capturedDownloads();
    const user = await renderPrivacy('gestor@demo.com.br');
    await screen.findByText(T.noRequests, {}, SLOW);

    await search(user, '123.456.789-00');
    expect(await screen.findByText(INVALID_CPF)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.exportJson })).toBeNull();

    await search(user, AGENT);
    const agents = await screen.findByRole('list', { name: 'Agente' }, SLOW);
    expect(within(agents).getByText(AGENT)).toBeInTheDocument();
    expect(within(agents).getByText('DEMO-0005')).toBeInTheDocument();
    // Numbers read the Brazilian way (the JSON keeps them as held).
    expect(within(agents).getByText('48.271,7')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: T.exportJson }));
    const json = JSON.parse(await (saved.at(-1) as Blob).text()) as { subject: string; kind: string; records: { data: Record<string, unknown> }[] };
    expect(json).toMatchObject({ subject: AGENT, kind: 'name' });
    expect(json.records.map((record) => record.data.Nome)).toContain(AGENT);

    await user.click(screen.getByRole('button', { name: T.exportPdf }));
    await expectToast(T.pdfDone);
    const pdf = saved.at(-1) as Blob;
    expect(pdf.type).toBe('application/pdf');
    expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');

    // 'Não, cancelar' changes nothing; 'Sim, tenho certeza' clicked twice anonymises once.
    await user.click(screen.getByRole('button', { name: T.anonymise }));
    let confirm = await screen.findByRole('dialog', { name: `${T.anonymise} | ${AGENT}` });
    expect(within(confirm).getByText(T.anonymiseConfirm(AGENT))).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Não, cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('list', { name: 'Agente' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.anonymise }));
    confirm = await screen.findByRole('dialog', { name: `${T.anonymise} | ${AGENT}` });
    await user.dblClick(within(confirm).getByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByText(T.nothingFound(AGENT), {}, SLOW)).toBeInTheDocument();
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'privacySubjects'))).toHaveLength(1);
  }, 90_000);

  it('registers a request (a future day refused) with its 15-day deadline, then its answer (required) and date', async () => {
    const user = await renderPrivacy('gestor@demo.com.br');
    await screen.findByText(T.noRequests, {}, SLOW);
    await search(user, '529.982.247-25');
    // A provider's roster agent of the tenant; the request is registered from the search's answer.
    await screen.findByRole('list', { name: 'Agente cadastrado' }, SLOW);
    await user.click(screen.getAllByRole('button', { name: T.newRequest })[0] as HTMLElement);
    const form = await screen.findByRole('dialog', { name: T.newRequest });
    expect(within(form).getByRole('textbox', { name: new RegExp(`^${T.subject}`) })).toHaveValue('529.982.247-25');
    await user.type(within(form).getByRole('textbox', { name: new RegExp(`^${T.requesterName}`) }), 'Ricardo Almeida');
    await user.type(within(form).getByRole('textbox', { name: new RegExp(`^${T.channel}`) }), 'E-mail');
    setDate(form, new RegExp(`^${T.receivedOn}`), '2099-01-01');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByText(M.dateInFuture)).toBeInTheDocument();
    const received = brasiliaToday();
    setDate(form, new RegExp(`^${T.receivedOn}`), received);
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    await expectToast(T.requestSaved);

    const card = await screen.findByRole('listitem', { name: 'Acesso aos dados — 529.982.247-25' }, SLOW);
    expect(within(card).getByText(`${T.receivedOn}: ${dayText(received)} · ${T.deadline}: ${dayText(answerDeadline(received))}`)).toBeInTheDocument();
    expect(within(card).getByText(T.open)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: `${T.giveAnswer} — 529.982.247-25` }));
    const answer = await screen.findByRole('dialog', { name: `${T.giveAnswer} — 529.982.247-25` });
    await user.click(within(answer).getByRole('button', { name: 'Salvar' }));
    expect(await within(answer).findByText(M.answerRequired)).toBeInTheDocument();
    await user.type(within(answer).getByRole('textbox', { name: new RegExp(`^${T.answer}`) }), 'Dados enviados por e-mail em PDF.');
    await user.click(within(answer).getByRole('button', { name: 'Salvar' }));
    await expectToast(T.answerSaved);
    const answered = await screen.findByRole('listitem', { name: 'Acesso aos dados — 529.982.247-25' });
    await within(answered).findByText(T.answered);
    expect(within(answered).getByText(`${T.answer}: Dados enviados por e-mail em PDF.`)).toBeInTheDocument();
    expect(within(answered).queryByRole('button', { name: new RegExp(T.giveAnswer) })).toBeNull();
  }, 90_000);
});

describe('Privacidade: Retenção', () => {
  it('shows the defaults, refuses values out of the limits in Portuguese, then saves', async () => {
    const user = await renderPrivacy('gestor@demo.com.br');
    await user.click(await screen.findByRole('tab', { name: T.retentionTab }, SLOW));
    const days = await screen.findByRole('spinbutton', { name: new RegExp(`^${T.positionDays.replace(/[()]/g, '.')}`) }, SLOW);
    const years = screen.getByRole('spinbutton', { name: new RegExp(`^${T.missionPeopleYears.replace(/[()]/g, '.')}`) });
    expect(days).toHaveValue(90);
    expect(years).toHaveValue(5);
    expect(screen.getByText(T.contactMessages)).toBeInTheDocument();

    await user.clear(days);
    await user.type(days, '3');
    await user.clear(years);
    await user.type(years, '30');
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText(M.positionDays)).toBeInTheDocument();
    expect(screen.getByText(M.missionPeopleYears)).toBeInTheDocument();
    await user.clear(years);
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText(M.missionPeopleYears)).toBeInTheDocument();
    expect(await t.database.db.select().from(privacySettings)).toEqual([]);

    await user.clear(days);
    await user.type(days, '30');
    await user.type(years, '6');
    await user.click(screen.getByRole('button', { name: T.save }));
    await expectToast(T.retentionSaved);
    expect(await t.database.db.select({ days: privacySettings.positionDays, years: privacySettings.missionPeopleYears }).from(privacySettings)).toEqual([{ days: 30, years: 6 }]);
  }, 60_000);
});

describe('Privacidade: Incidentes', () => {
  it('registers (required fields and a notice before the incident refused), edits, and keeps it on a deletion within five years', async () => {
    const user = await renderPrivacy('gestor@demo.com.br');
    await user.click(await screen.findByRole('tab', { name: T.incidentsTab }, SLOW));
    await screen.findByText(T.noIncidents, {}, SLOW);
    await user.click(screen.getByRole('button', { name: T.newIncident }));
    const form = await screen.findByRole('dialog', { name: T.newIncident });
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByText(M.natureRequired)).toBeInTheDocument();
    expect(within(form).getByText(M.categoriesRequired)).toBeInTheDocument();
    expect(within(form).getByText(M.measuresRequired)).toBeInTheDocument();

    setDate(form, new RegExp(`^${T.occurredOn}`), '2026-10-10');
    await user.type(within(form).getByRole('textbox', { name: new RegExp(`^${T.nature}`) }), 'Acesso indevido a planilha');
    await user.type(within(form).getByRole('textbox', { name: new RegExp(`^${T.dataCategories}`) }), 'Nome e CPF de motoristas');
    const people = within(form).getByRole('spinbutton', { name: new RegExp(`^${T.peopleAffected}`) });
    await user.clear(people);
    await user.type(people, '12');
    await user.type(within(form).getByRole('textbox', { name: new RegExp(`^${T.measures}`) }), 'Senhas trocadas');
    setDate(form, new RegExp(`^${T.anpdNotifiedOn}`), '2026-10-01');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByText(M.notifiedBeforeIncident)).toBeInTheDocument();
    setDate(form, new RegExp(`^${T.anpdNotifiedOn}`), '2026-10-12');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    await expectToast(T.incidentSaved);

    const name = T.incidentEntity('10/10/2026');
    const card = await screen.findByRole('listitem', { name }, SLOW);
    expect(within(card).getByText(`${T.dataCategories}: Nome e CPF de motoristas · ${T.peopleAffected}: 12`)).toBeInTheDocument();
    expect(within(card).getByText(`${T.anpdNotifiedOn}: 12/10/2026 · ${T.subjectsNotifiedOn}: ${T.notNotified}`)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: `${T.edit} ${name}` }));
    const edit = await screen.findByRole('dialog', { name: T.editIncident });
    const editPeople = within(edit).getByRole('spinbutton', { name: new RegExp(`^${T.peopleAffected}`) });
    await user.clear(editPeople);
    await user.type(editPeople, '15');
    await user.click(within(edit).getByRole('button', { name: 'Salvar' }));
    await expectToast(T.incidentSaved);
    await within(await screen.findByRole('listitem', { name })).findByText(`${T.dataCategories}: Nome e CPF de motoristas · ${T.peopleAffected}: 15`);

    await user.click(within(screen.getByRole('listitem', { name })).getByRole('button', { name: `${T.remove} ${name}` }));
    const confirm = await screen.findByRole('dialog', { name: `Deletar | ${name}` });
    await user.click(within(confirm).getByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByText(M.incidentKept)).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name })).toBeInTheDocument();
    expect(await t.database.db.select().from(privacyIncidents)).toHaveLength(1);
  }, 90_000);
});

describe('Privacidade: who opens it', () => {
  it('sends the Operacional profile away', async () => {
    await renderPrivacy('operador@demo.com.br');
    expect(await screen.findByText('Página não autorizada', {}, SLOW)).toBeInTheDocument();
  }, 30_000);

  it('asks the platform admin for the tenant, then searches in it', async () => {
    const user = await renderPrivacy('admin@demo.com.br');
    expect(await screen.findByText(T.pickTenant, {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: T.tenant }));
    await user.click(await screen.findByRole('option', { name: 'Gerenciadora Demo' }, SLOW));
    await screen.findByText(T.noRequests, {}, SLOW);
    await search(user, AGENT);
    expect(within(await screen.findByRole('list', { name: 'Agente' }, SLOW)).getByText(AGENT)).toBeInTheDocument();
  }, 60_000);
});
