/**
 * The framework claim: a resource declared here, in the test file and nowhere else, gets its tile
 * on the admin home and working list, create, edit and delete screens from the declaration alone.
 */
import Build from '@mui/icons-material/Build';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { boolean, number, object, string } from 'yup';
import { AdminSection } from '../../src/custom/admin/AdminSection';
import { isCatalogueAdmin } from '../../src/domain/permissions';
import { dismiss } from '../../src/layout/notify';
import type { ResourceDeclaration } from '../../src/resources/framework/types';
import { OPERADOR, createFakeApi, renderApp } from './frameworkHarness';
import { crudEndpoint } from '../../src/domain/endpoints';

const gadgets: ResourceDeclaration = {
  name: 'gadgets',
  title: 'Gadgets',
  entity: 'Gadget',
  endpoint: crudEndpoint('admin', 'gadgets'),
  schema: object({
    name: string().trim().required('Preencha o nome do gadget'),
    price: number().required('Preencha o preço').integer().min(0),
    active: boolean().required(),
  }),
  fields: [
    { source: 'name', label: 'Nome', type: 'text' },
    { source: 'price', label: 'Preço', type: 'money', defaultValue: 0 },
    { source: 'active', label: 'Ativo', type: 'boolean', defaultValue: true },
  ],
  columns: [
    { source: 'name', label: 'Nome' },
    { source: 'price', label: 'Preço' },
    { source: 'active', label: 'Ativo' },
  ],
  sections: [{ title: 'Dados do gadget', fields: ['name', 'price', 'active'] }],
  successMessage: 'Gadgets atualizados com sucesso',
  tile: { group: 'simple', label: 'Gadgets', icon: Build, see: (user) => isCatalogueAdmin(user.role) },
};

const routes = (
  <Routes>
    <Route path="/home/admin/*" element={<AdminSection declarations={[gadgets]} registry={{}} />} />
    <Route path="/unauthorized" element={<p>Página não autorizada</p>} />
  </Routes>
);

afterEach(() => dismiss());

describe('a resource declared only in this file', () => {
  it('shows its tile, then lists, creates, edits and deletes through the generated screens', async () => {
    const api = createFakeApi({
      'admin:gadgets': [{ _id: 'aaaaaaaaaaaaaaaaaaaaaa11', name: 'Rádio', price: 123456, active: true }],
    });
    const user = userEvent.setup();
    const app = renderApp({ path: '/home/admin', api, endpoints: { gadgets: gadgets.endpoint }, children: routes });

    // The admin home shows the declared tile in its group; the tile opens the list.
    const group = await screen.findByRole('region', { name: 'Configurações' });
    await user.click(within(group).getByRole('button', { name: 'Gadgets' }));
    expect(app.location().pathname).toBe('/home/admin/gadgets');

    // List: title, count, formatted cells.
    expect(await screen.findByRole('heading', { name: 'Gadgets' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Gadgets' });
    expect(within(table).getByText('Rádio')).toBeInTheDocument();
    expect(within(table).getByText('R$ 1.234,56')).toBeInTheDocument();
    expect(within(table).getByText('Sim')).toBeInTheDocument();
    expect(screen.getByText('1 registro')).toBeInTheDocument();

    // Create.
    await user.click(screen.getByRole('button', { name: 'Criar novo' }));
    const createDialog = await screen.findByRole('dialog', { name: 'Criar | Gadget' });
    await user.click(within(createDialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(createDialog).findByText('Preencha o nome do gadget')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(within(createDialog).getByLabelText('Nome'), 'Lanterna');
    await user.type(within(createDialog).getByLabelText('Preço'), '4990');
    expect(within(createDialog).getByLabelText('Preço')).toHaveValue('R$ 49,90');
    await user.click(within(createDialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Gadgets atualizados com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Lanterna', price: 4990, active: true });
    expect(await within(table).findByText('Lanterna')).toBeInTheDocument();
    expect(screen.getByText('2 registros')).toBeInTheDocument();

    // Edit: read-only until Editar.
    const row = within(table).getByText('Lanterna').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Ver' }));
    const editDialog = await screen.findByRole('dialog', { name: 'Consultar | Gadget' });
    expect(within(editDialog).queryByRole('textbox', { name: 'Nome' })).not.toBeInTheDocument();
    expect(within(editDialog).getByText('R$ 49,90')).toBeInTheDocument();
    await user.click(within(editDialog).getByRole('button', { name: 'Editar' }));
    const name = within(editDialog).getByRole('textbox', { name: 'Nome' });
    await user.clear(name);
    await user.type(name, 'Lanterna tática');
    await user.click(within(editDialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe(`gadgets/${api.collections['admin:gadgets']?.[1]?._id}`);
    expect(put?.body).toMatchObject({ name: 'Lanterna tática', price: 4990, active: true });
    expect(await within(table).findByText('Lanterna tática')).toBeInTheDocument();

    // Delete.
    await user.click(within(within(table).getByText('Rádio').closest('tr')!).getByRole('button', { name: 'Ver' }));
    const viewDialog = await screen.findByRole('dialog', { name: 'Consultar | Gadget' });
    await user.click(within(viewDialog).getByRole('button', { name: 'Deletar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deletar | Gadget' });
    await user.click(within(confirm).getByRole('button', { name: 'Sim, tenho certeza' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === 'gadgets/aaaaaaaaaaaaaaaaaaaaaa11')).toBe(true);
    await waitFor(() => expect(within(table).queryByText('Rádio')).not.toBeInTheDocument());
    expect(screen.getByText('1 registro')).toBeInTheDocument();
    expect(api.collections['admin:gadgets']?.map((g) => g.name)).toEqual(['Lanterna tática']);

    // Voltar goes back to the admin home.
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByRole('button', { name: 'Gadgets' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/home/admin');
  });

  it("keeps its tile and its screen from a user the tile's rule leaves out", async () => {
    const api = createFakeApi({ 'admin:gadgets': [] });
    const home = renderApp({ path: '/home/admin', api, user: OPERADOR, endpoints: { gadgets: gadgets.endpoint }, children: routes });
    expect(await screen.findByText('Página não autorizada')).toBeInTheDocument();
    home.unmount();
    const direct = renderApp({ path: '/home/admin/gadgets', api, user: OPERADOR, endpoints: { gadgets: gadgets.endpoint }, children: routes });
    expect(await screen.findByText('Página não autorizada')).toBeInTheDocument();
    expect(direct.location().pathname).toBe('/unauthorized');
    expect(api.calls).toEqual([]);
  });
});
