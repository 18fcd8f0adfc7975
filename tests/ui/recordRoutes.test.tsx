/**
 * Every catalogue list routes its records (resources/framework/RecordRoutes.tsx), over the real
 * server (contractHarness.tsx): a record's URL opens its dialog over its list, `{id}/show` as Ver
 * opens it ('Consultar'), `{id}` in Editar, `create` the creation dialog; Ver in the list goes to
 * the record's URL and closing goes back to the list's; a record that cannot be read says so and
 * leaves its URL.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { createDataProvider, type AppRecord } from '../../src/dataProvider';
import { dismiss } from '../../src/layout/notify';
import { allDeclarations, resourceEndpoints } from '../../src/resources';
import type { ResourceDeclaration } from '../../src/resources/framework/types';
import { ACCOUNTS, type Account } from '../server/catalogueClient';
import { createTestApp, type TestApp } from '../server/helpers';
import { renderOverServer, signIn, type SignedIn } from './contractHarness';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
}, 120_000);
afterAll(async () => server?.close());
afterEach(async () => {
  dismiss();
  await server.reset();
});

/** Global tables are the platform admin's; the rest the demo risk manager's. */
const ACCOUNT: Partial<Record<string, Account>> = { states: 'admin', cities: 'admin' };
/** The seeded parent each child list is opened under. */
const PARENTS: Partial<Record<string, string>> = {
  shippersFranchise: CATALOGUE_IDS.shipperAndrade,
  franchiseProviders: CATALOGUE_IDS.serviceArmada,
  providersLogin: DEMO_IDS.provider,
};

function listUrl(declaration: ResourceDeclaration): string {
  if (declaration.name === 'users') return '/home/users';
  const parentName = declaration.parent?.resource;
  if (parentName) {
    const parent = allDeclarations.find((d) => d.name === parentName);
    if (!parent) throw new Error(declaration.name);
    return `${listUrl(parent)}/${PARENTS[declaration.name]}/${declaration.name}`;
  }
  return declaration.tile?.group === 'advanced' ? `/home/admin/advanced/${declaration.name}` : `/home/admin/${declaration.name}`;
}

/** The first record the list shows, read through the real data provider. */
async function firstRecord(signedIn: SignedIn, declaration: ResourceDeclaration): Promise<AppRecord> {
  const dataProvider = createDataProvider({ httpClient: signedIn.httpClient, endpoints: resourceEndpoints });
  const { data } = await dataProvider.getList<AppRecord>(declaration.name, {
    filter: {},
    sort: { field: 'id', order: 'ASC' },
    pagination: { page: 1, perPage: 1 },
    meta: { parentId: PARENTS[declaration.name] },
  });
  const [record] = data;
  if (!record) throw new Error(`${declaration.name}: no seeded record`);
  return record;
}

/** The router's path, shown for the test to read. */
function PathProbe() {
  return <output aria-label="caminho">{useLocation().pathname}</output>;
}
/** Read with hidden: an open modal hides the page around it from assistive technology. */
const currentPath = () => screen.getByRole('status', { name: 'caminho', hidden: true }).textContent;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const causes = allDeclarations.find((declaration) => declaration.name === 'causes')!;
const routed = allDeclarations.filter((declaration) => !declaration.single);

describe('routed records: each catalogue list routes its create, show and edit dialogs', () => {
  it('opens every child list under a seeded parent', () => {
    expect(routed.filter((declaration) => declaration.parent && !PARENTS[declaration.name])).toEqual([]);
  });

  for (const declaration of routed) {
    it(`${declaration.name}: {id}/show opens 'Consultar' over the list, Editar moves to {id}, Voltar goes to the list`, { timeout: 60_000 }, async () => {
      const signedIn = await signIn(server.app, ACCOUNTS[ACCOUNT[declaration.name] ?? 'gestor']);
      const record = await firstRecord(signedIn, declaration);
      const list = listUrl(declaration);
      const { user } = renderOverServer(`${list}/${record.id}/show`, signedIn, undefined, <PathProbe />);

      const dialog = await screen.findByRole('dialog', { name: `Consultar | ${declaration.entity}` });
      // The list is under the dialog (hidden from assistive technology while the modal is open).
      expect(await screen.findByRole('heading', { name: new RegExp(`^${escapeRegExp(declaration.title)}`), hidden: true })).toBeInTheDocument();
      expect(within(dialog).getByRole('form', { name: declaration.entity })).toBeInTheDocument();

      const edit = within(dialog).queryByRole('button', { name: 'Editar' });
      if (edit) {
        await user.click(edit);
        await waitFor(() => expect(currentPath()).toBe(`${list}/${record.id}`));
        expect(screen.getByRole('dialog', { name: `Editar | ${declaration.entity}` })).toBeInTheDocument();
        await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
        await waitFor(() => expect(currentPath()).toBe(`${list}/${record.id}/show`));
      }

      await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
      await waitFor(() => expect(currentPath()).toBe(list));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  }

  it("{id} opens the record in Editar; create the creation dialog; Ver in the list goes to the record's URL and closing back", { timeout: 60_000 }, async () => {
    const signedIn = await signIn(server.app, ACCOUNTS.gestor);
    const { user } = renderOverServer(`/home/admin/causes/${CATALOGUE_IDS.causeRoubo}`, signedIn, undefined, <PathProbe />);
    const editing = await screen.findByRole('dialog', { name: 'Editar | Motivo acionamento' });
    expect(within(editing).getByDisplayValue('Roubo de carga')).toBeInTheDocument();
    await user.click(within(editing).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(currentPath()).toBe(`/home/admin/causes/${CATALOGUE_IDS.causeRoubo}/show`));
    await user.click(within(screen.getByRole('dialog', { name: 'Consultar | Motivo acionamento' })).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(currentPath()).toBe('/home/admin/causes'));

    await user.click(screen.getByRole('button', { name: 'Criar novo' }));
    await waitFor(() => expect(currentPath()).toBe('/home/admin/causes/create'));
    const creating = await screen.findByRole('dialog', { name: 'Criar | Motivo acionamento' });
    await user.click(within(creating).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(currentPath()).toBe('/home/admin/causes'));

    const table = screen.getByRole('table', { name: causes.title });
    const row = within(table).getByText('Roubo de carga', { selector: 'td, td *' }).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Ver' }));
    await waitFor(() => expect(currentPath()).toBe(`/home/admin/causes/${CATALOGUE_IDS.causeRoubo}/show`));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(currentPath()).toBe('/home/admin/causes'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("another tenant's record shows 'Registro não encontrado.' and leaves for the list", { timeout: 60_000 }, async () => {
    const signedIn = await signIn(server.app, ACCOUNTS.gestor);
    renderOverServer(`/home/admin/causes/${CATALOGUE_IDS.causeNorte}/show`, signedIn, undefined, <PathProbe />);
    expect(await screen.findByText('Registro não encontrado.')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/home/admin/causes'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a path below a list that is no record route shows the unauthorized page', { timeout: 60_000 }, async () => {
    const signedIn = await signIn(server.app, ACCOUNTS.gestor);
    renderOverServer('/home/admin/causes/xyz', signedIn, undefined, <PathProbe />);
    expect(await screen.findByText('Página não autorizada')).toBeInTheDocument();
  });
});
