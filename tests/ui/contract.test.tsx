/**
 * The contract between the screens and the server (docs/api.md): EVERY resource declaration runs
 * through the real data provider and http client against the real server (contractHarness.tsx):
 * its list loads, a record is created, edited and deleted through the generated screens, each
 * with the declaration's success toast, and the server's data shows the change. A declaration
 * whose path, body shape or rules disagree with the server fails here.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { dismiss } from '../../src/layout/notify';
import { fillPath } from '../../src/domain/endpoints';
import { allDeclarations, resourceEndpoints } from '../../src/resources';
import type { ResourceDeclaration } from '../../src/resources/framework/types';
import { ACCOUNTS, type Account } from '../server/catalogueClient';
import { createTestApp, type TestApp } from '../server/helpers';
import { expectToast, fill, renderOverServer, signIn, type FormEntry } from './contractHarness';

interface ContractCase {
  /** The demo account (server/demo/seed.ts) whose screens these are. */
  account: Account;
  /** Child lists: the seeded parent they hang under. */
  parent?: { id: string; name: string };
  /** The create form's values (none: the resource is never created here). */
  create?: Record<string, FormEntry>;
  /** The name the created record shows in the list's first column. */
  created?: string;
  /**
   * The edit: what is changed, the first column's text afterwards and, when the list does not show
   * the change, how the server's record must read.
   */
  edit: { values: Record<string, FormEntry>; shows: string; stored?: (record: Record<string, unknown>) => boolean };
}

const planValues = (name: string): Record<string, FormEntry> => ({
  'Nome da franquia': name,
  'Valor do atendimento': '35000',
  'Distância (km)': '50',
  'Tempo de operação (hh:mm)': '0300',
  'Valor da hora excedente': '9000',
  'Valor do km excedente': '250',
});

const lookup = (name: string): ContractCase => ({
  account: 'gestor',
  create: { __name: `${name} contrato` },
  created: `${name} contrato`,
  edit: { values: { __name: `${name} contrato 2` }, shows: `${name} contrato 2` },
});

const CASES: Record<string, ContractCase> = {
  causes: lookup('Motivo'),
  carriers: lookup('Transportador'),
  places: lookup('Local'),
  leaderships: lookup('Liderança'),
  requesters: lookup('Solicitante'),
  configs: {
    account: 'gestor',
    edit: { values: { 'Motivo acionamento obrigatório': { checked: true } }, shows: '' },
  },
  states: {
    account: 'admin',
    create: { Nome: 'Estado Contrato' },
    created: 'Estado Contrato',
    edit: { values: { Nome: 'Estado Contrato 2' }, shows: 'Estado Contrato 2' },
  },
  cities: {
    account: 'admin',
    create: { Nome: 'Cidade Contrato', Estado: { option: 'Acre' } },
    created: 'Cidade Contrato',
    edit: { values: { Nome: 'Cidade Contrato 2' }, shows: 'Cidade Contrato 2' },
  },
  shippers: {
    account: 'gestor',
    create: { Nome: 'Embarcador Contrato', 'Razão social': 'Embarcador Contrato Ltda', CNPJ: '11444777000161' },
    created: 'Embarcador Contrato',
    edit: { values: { Nome: 'Embarcador Contrato 2' }, shows: 'Embarcador Contrato 2' },
  },
  providers: {
    account: 'gestor',
    create: {
      Nome: 'Prestadora Contrato',
      'Razão social': 'Prestadora Contrato Ltda',
      CNPJ: '11444777000161',
      'Contato principal': '11912345678',
    },
    created: 'Prestadora Contrato',
    edit: { values: { Nome: 'Prestadora Contrato 2' }, shows: 'Prestadora Contrato 2' },
  },
  franchises: {
    account: 'gestor',
    create: { Nome: 'Serviço Contrato' },
    created: 'Serviço Contrato',
    edit: { values: { Nome: 'Serviço Contrato 2' }, shows: 'Serviço Contrato 2' },
  },
  shippersFranchise: {
    account: 'gestor',
    parent: { id: CATALOGUE_IDS.shipperAndrade, name: 'Andrade Alimentos' },
    create: { Modalidade: { option: 'Pronta resposta armada' }, ...planValues('Plano Contrato') },
    created: 'Plano Contrato',
    edit: { values: { 'Nome da franquia': 'Plano Contrato 2' }, shows: 'Plano Contrato 2' },
  },
  franchiseProviders: {
    account: 'gestor',
    parent: { id: CATALOGUE_IDS.serviceArmada, name: 'Pronta resposta armada' },
    create: { 'Prestadora de serviços': { option: 'Escolta Sul' }, ...planValues('Plano Prestador Contrato') },
    // The list shows the provider, not the plan's name.
    created: 'Escolta Sul',
    edit: {
      values: { 'Nome da franquia': 'Plano Prestador Contrato 2' },
      shows: 'Escolta Sul',
      stored: (plan) => plan.name === 'Plano Prestador Contrato 2',
    },
  },
  providersLogin: {
    account: 'gestor',
    parent: { id: DEMO_IDS.provider, name: 'Pronta Resposta Demo' },
    // 'Nome' is read-only: a login carries its provider's name (docs/rules/screens.md).
    create: { 'E-mail': 'login.contrato@demo.com.br', Senha: 'Contrato@123', Perfil: { option: 'Operacional' } },
    created: 'Pronta Resposta Demo',
    // Only perfil and active change after creation (docs/rules/screens.md).
    edit: {
      values: { Perfil: { option: 'Administrador' } },
      shows: 'Pronta Resposta Demo',
      stored: (login) =>
        login.email === 'login.contrato@demo.com.br' && (login.role as { perfil?: string }).perfil === 'admin',
    },
  },
  users: {
    account: 'gestor',
    create: { Nome: 'Usuário Contrato', 'E-mail': 'usuario.contrato@demo.com.br', Senha: 'Contrato@123', Perfil: { option: 'Operacional' } },
    created: 'Usuário Contrato',
    edit: { values: { Nome: 'Usuário Contrato 2' }, shows: 'Usuário Contrato 2' },
  },
};

function pathOf(declaration: ResourceDeclaration, parent?: ContractCase['parent']): string {
  if (declaration.name === 'users') return '/home/users';
  if (declaration.parent && parent) {
    const parentDeclaration = allDeclarations.find((d) => d.name === declaration.parent?.resource);
    if (!parentDeclaration) throw new Error(declaration.name);
    return `${pathOf(parentDeclaration)}/${parent.id}/${declaration.name}`;
  }
  return declaration.tile?.group === 'advanced' ? `/home/admin/advanced/${declaration.name}` : `/home/admin/${declaration.name}`;
}

/** '__name' stands for the declaration's own label of its name field (e.g. 'Motivo'). */
function withLabels(declaration: ResourceDeclaration, values: Record<string, FormEntry>): Record<string, FormEntry> {
  const nameLabel = declaration.fields.find((f) => f.source === 'name')?.label ?? 'Nome';
  return Object.fromEntries(Object.entries(values).map(([label, value]) => [label === '__name' ? nameLabel : label, value]));
}

const firstColumn = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('cell')[0]?.textContent ?? '');

const success = (declaration: ResourceDeclaration) => declaration.successMessage ?? 'Salvo com sucesso';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
}, 120_000);
afterAll(async () => server?.close());
afterEach(async () => {
  dismiss();
  await server.reset();
});

describe('contract: every declaration against the real server', () => {
  it('covers every resource declaration', () => {
    expect(Object.keys(CASES).sort()).toEqual(allDeclarations.map((d) => d.name).sort());
  });

  for (const declaration of allDeclarations) {
    const testCase = CASES[declaration.name];
    if (!testCase) continue;
    const steps = declaration.single ? 'read and update in place' : 'list, create, update and delete';
    it(`${declaration.name}: ${steps} as ${testCase.account}, each with its success toast`, { timeout: 90_000 }, async () => {
      const signedIn = await signIn(server.app, ACCOUNTS[testCase.account]);
      const { user } = renderOverServer(pathOf(declaration, testCase.parent), signedIn);

      if (declaration.single) {
        // One record per tenant, edited in place: the list is the record.
        await user.click(await screen.findByRole('button', { name: 'Editar' }));
        await fill(user, document.body, testCase.edit.values);
        await user.click(screen.getByRole('button', { name: 'Salvar' }));
        await expectToast(success(declaration));
        const stored = await signedIn.httpClient<{ required: { cause: boolean } }[]>('admin', 'mission/configs');
        expect(stored.data[0]?.required.cause).toBe(true);
        return;
      }

      // List.
      const table = await screen.findByRole('table', { name: declaration.title });
      await waitFor(() => expect(firstColumn(table).length).toBeGreaterThan(0));

      // Create.
      if (!testCase.create || !testCase.created) throw new Error(`${declaration.name}: no create values`);
      await user.click(screen.getByRole('button', { name: 'Criar novo' }));
      const createDialog = await screen.findByRole('dialog', { name: `Criar | ${declaration.entity}` });
      await fill(user, createDialog, withLabels(declaration, testCase.create));
      await user.click(within(createDialog).getByRole('button', { name: 'Salvar' }));
      await expectToast(success(declaration));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(firstColumn(table)).toContain(testCase.created));

      // Update.
      const row = () => within(table).getByText(testCase.created!, { selector: 'td, td *' }).closest('tr')!;
      await user.click(within(row()).getByRole('button', { name: 'Ver' }));
      const viewDialog = await screen.findByRole('dialog', { name: new RegExp(`\\| ${declaration.entity}$`) });
      await user.click(within(viewDialog).getByRole('button', { name: 'Editar' }));
      await fill(user, viewDialog, withLabels(declaration, testCase.edit.values));
      await user.click(within(viewDialog).getByRole('button', { name: 'Salvar' }));
      await expectToast(success(declaration));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(firstColumn(table)).toContain(testCase.edit.shows));
      if (testCase.edit.stored) {
        const endpoint = resourceEndpoints[declaration.name]!;
        const { data } = await signedIn.httpClient<Record<string, unknown>[]>(
          endpoint.base,
          fillPath(endpoint.list, { parentId: testCase.parent?.id }),
        );
        expect(data.filter(testCase.edit.stored)).toHaveLength(1);
      }

      // Delete.
      const edited = within(table).getByText(testCase.edit.shows, { selector: 'td, td *' }).closest('tr')!;
      await user.click(within(edited).getByRole('button', { name: 'Ver' }));
      const deleteFrom = await screen.findByRole('dialog', { name: new RegExp(`\\| ${declaration.entity}$`) });
      await user.click(within(deleteFrom).getByRole('button', { name: 'Deletar' }));
      const confirm = await screen.findByRole('dialog', { name: `Deletar | ${declaration.entity}` });
      await user.click(within(confirm).getByRole('button', { name: 'Sim, tenho certeza' }));
      await expectToast(success(declaration));
      await waitFor(() => expect(firstColumn(table)).not.toContain(testCase.edit.shows));
    });
  }
});
