/**
 * Service providers on their real routes over the real server (contractHarness.tsx): CNPJ and
 * phone masks ('-' for an empty phone) on a list the server pages and filters, and the provider's
 * logins (create payload, read-only e-mail and name, update payload). The demo tenant's providers:
 * Pronta Resposta Demo (11.222.333/0001-81) and Escolta Sul (45.723.174/0001-10), whose login is
 * Prestador Sul (operational).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serviceProviders } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { DEMO_USERS } from '../../server/demo/seed';
import type { HttpClient, RequestOptions } from '../../src/dataProvider/httpClient';
import type { ApiRecord } from '../../src/domain/apiRecord';
import { renderOverServer } from './contractHarness';
import { chooseOption, expectListed, rowsOf, typeFilter } from './resourcesHarness';
import { serveScreens, type UiServer } from './uiServer';
import { defined } from '../defined';

let server: UiServer;
serveScreens((made) => (server = made));

const PRESTADOR_SUL = defined(
  DEMO_USERS.find((u) => u.email === 'prestador2@demo.com.br'),
  'the Escolta Sul login of the demo seed',
);

/** What the screen sent in each write: the real client, its requests noted on the way (bodies are what these tests check). */
interface Sent {
  method: string;
  path: string;
  body: unknown;
}

async function renderAt(path: string) {
  const session = await server.signedIn('gestor');
  const sent: Sent[] = [];
  const httpClient: HttpClient = (base, route, options: RequestOptions = {}) => {
    if (options.method && options.method !== 'GET') sent.push({ method: options.method, path: route, body: options.body });
    return session.httpClient(base, route, options);
  };
  server.requests.length = 0;
  const rendered = renderOverServer(path, { ...session, httpClient });
  return { ...rendered, sent };
}

/** Escolta Sul's logins as the server stores them. */
async function storedLogins(): Promise<ApiRecord[]> {
  const { httpClient } = await server.signedIn('gestor');
  return (await httpClient<ApiRecord[]>('serviceProviders', `${DEMO_IDS.providerSul}/logins`)).data;
}

describe('providers and their logins', () => {
  it('lists CNPJ and phones masked, an empty phone as -', { timeout: 60_000 }, async () => {
    await server.database.db.update(serviceProviders).set({ phone3: '1133334444' }).where(eq(serviceProviders.id, DEMO_IDS.provider));
    await renderAt('/home/admin/advanced/providers');
    const table = await screen.findByRole('table', { name: 'Prestadora de Serviços' });
    await waitFor(() => expect(rowsOf(table).map((cells) => cells[0])).toEqual(['Escolta Sul', 'Pronta Resposta Demo']));
    expect(rowsOf(table)[1]?.slice(0, 7)).toEqual([
      'Pronta Resposta Demo',
      'Pronta Resposta Demo Segurança Ltda',
      '11.222.333/0001-81',
      '(11) 98765-4321',
      '-',
      '(11) 3333-4444',
      'Sim',
    ]);
    // One page asked for, never the whole list.
    expect(server.requests.filter((r) => r.startsWith('GET /api/service-providers/info'))).toEqual([
      'GET /api/service-providers/info?page=1&perPage=10&sort=name&order=ASC',
    ]);
  });

  it('filters on the server by the masked CNPJ and phones as the list shows them', { timeout: 60_000 }, async () => {
    await server.database.db.update(serviceProviders).set({ phone1: '5511912345678' }).where(eq(serviceProviders.id, DEMO_IDS.providerSul));
    const { user } = await renderAt('/home/admin/advanced/providers');
    await expectListed('Prestadora de Serviços', ['Escolta Sul', 'Pronta Resposta Demo']);
    await typeFilter(user, '11.222.333/0001');
    await expectListed('Prestadora de Serviços', ['Pronta Resposta Demo']);
    await typeFilter(user, '(11) 98765');
    await expectListed('Prestadora de Serviços', ['Pronta Resposta Demo']);
    // A 13-digit phone shows (and is found) with its +55 prefix.
    await typeFilter(user, '+55 (11) 91234');
    await expectListed('Prestadora de Serviços', ['Escolta Sul']);
    const table = screen.getByRole('table', { name: 'Prestadora de Serviços' });
    expect(rowsOf(table)[0]?.slice(2, 4)).toEqual(['45.723.174/0001-10', '+55 (11) 91234-5678']);
    expect(server.requests.some((r) => r.startsWith('GET /api/service-providers/info?') && r.includes('q=%2B55'))).toBe(true);
  });

  it("creates a login named after its provider ('Nome' read-only); after creation the e-mail stays read-only too and the update sends id + role + active", { timeout: 60_000 }, async () => {
    const { user, sent } = await renderAt(`/home/admin/advanced/providers/${DEMO_IDS.providerSul}/providersLogin`);
    expect(await screen.findByRole('heading', { name: 'Logins - Escolta Sul' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Criar novo' }));
    const create = await screen.findByRole('dialog', { name: 'Criar | Login' });
    await user.type(within(create).getByRole('textbox', { name: 'E-mail' }), 'ana@escoltasul.com.br');
    expect(within(create).queryByRole('textbox', { name: 'Nome' })).not.toBeInTheDocument();
    expect(within(create).getByTestId('value-name')).toHaveTextContent('Escolta Sul');
    await user.type(within(create).getByLabelText('Senha'), 'Segura@123');
    await chooseOption(user, create, /Perfil/, 'Administrador');
    // Created inactive: the toggle's value travels with the rest of the form.
    await user.click(within(create).getByRole('switch', { name: 'Ativo' }));
    await user.click(within(create).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Logins atualizados com sucesso')).toBeInTheDocument();
    expect(sent.find((s) => s.method === 'POST')).toEqual({
      method: 'POST',
      path: 'login',
      body: {
        email: 'ana@escoltasul.com.br',
        name: 'Escolta Sul',
        password: 'Segura@123',
        role: { perfil: 'admin' },
        active: false,
        serviceProvider: DEMO_IDS.providerSul,
        serviceProviderName: 'Escolta Sul',
      },
    });
    expect((await storedLogins()).find((login) => login.email === 'ana@escoltasul.com.br')).toMatchObject({
      name: 'Escolta Sul',
      active: false,
      role: { type: 'service_provider', perfil: 'admin' },
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = (await screen.findByText(PRESTADOR_SUL.email)).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Ver' }));
    const edit = await screen.findByRole('dialog', { name: 'Consultar | Login' });
    await user.click(within(edit).getByRole('button', { name: 'Editar' }));
    expect(within(edit).queryByRole('textbox', { name: 'E-mail' })).not.toBeInTheDocument();
    expect(within(edit).queryByRole('textbox', { name: 'Nome' })).not.toBeInTheDocument();
    expect(within(edit).queryByLabelText('Senha')).not.toBeInTheDocument();
    expect(within(edit).getByText(PRESTADOR_SUL.email)).toBeInTheDocument();
    await chooseOption(user, edit, /Perfil/, 'Administrador');
    await user.click(within(edit).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent.some((s) => s.method === 'PUT')).toBe(true));
    expect(sent.find((s) => s.method === 'PUT')).toEqual({
      method: 'PUT',
      path: `login/${PRESTADOR_SUL.id}`,
      body: { id: PRESTADOR_SUL.id, role: { perfil: 'admin' }, active: true },
    });
    await waitFor(async () =>
      expect((await storedLogins()).find((login) => login._id === PRESTADOR_SUL.id)).toMatchObject({ email: PRESTADOR_SUL.email, role: { perfil: 'admin' }, active: true }),
    );
  });

  it('a provider id that is unknown shows the not-found state, not a list offering Criar novo', { timeout: 60_000 }, async () => {
    const unknown = 'aaaaaaaaaaaaaaaaaaaaaa5f';
    await renderAt(`/home/admin/advanced/providers/${unknown}/providersLogin`);
    expect(await screen.findByText('Registro não encontrado.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Criar novo' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeInTheDocument();
    // The server said the provider does not exist; its logins were never asked for.
    expect(server.requests).toContain(`GET /api/service-providers/info/${unknown}`);
    expect(server.requests.filter((r) => r.includes(`${unknown}/logins`))).toEqual([]);
  });

  it('a parent id that is not an id at all is not found either, without asking the server', { timeout: 60_000 }, async () => {
    await renderAt('/home/admin/advanced/providers/xyz/providersLogin');
    expect(await screen.findByText('Registro não encontrado.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Criar novo' })).not.toBeInTheDocument();
    expect(server.requests).toEqual([]);
  });
});
