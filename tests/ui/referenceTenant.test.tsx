/**
 * A reference select offers the rows of the record's own tenant (resources/framework/useFieldOptions.ts
 * referenceQuery), over the real server and its demo seed: the platform admin, who sees every
 * tenant, editing a franchise of Gerenciadora Demo's shipper is offered Demo's services only —
 * never Gerenciadora Norte's 'Pronta resposta fluvial', which the server would refuse.
 */
import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { dismiss } from '../../src/layout/notify';
import type { Account } from '../server/catalogueClient';
import { renderOverServer, type User } from './contractHarness';
import { createUiServer, type UiServer } from './uiServer';

let server: UiServer;
beforeAll(async () => {
  server = await createUiServer();
}, 120_000);
afterAll(async () => server?.close());
// Nothing here writes: the seeded data stays as it is between tests.
afterEach(() => dismiss());

const DEMO_SERVICES = ['Averiguação', 'Escolta veicular', 'Pronta resposta armada'];
const franchisesOfAndrade = `/home/admin/advanced/shippers/${CATALOGUE_IDS.shipperAndrade}/shippersFranchise`;

async function renderAs(account: Account, path: string) {
  return renderOverServer(path, await server.signedIn(account));
}

/** The 'Modalidade' options the dialog's select lists once opened. */
async function modalidadeOptions(user: User, dialog: HTMLElement): Promise<string[]> {
  await user.click(within(dialog).getByRole('combobox', { name: /Modalidade/ }));
  await screen.findByRole('option', { name: 'Averiguação' });
  return screen.getAllByRole('option').map((option) => option.textContent ?? '');
}

describe("the 'Modalidade' of a shipper franchise", () => {
  it("offers the admin creating one for Gerenciadora Demo's shipper only Demo's services", { timeout: 30_000 }, async () => {
    const { user } = await renderAs('admin', franchisesOfAndrade);
    await screen.findByRole('table', { name: 'Franquias (cliente)' });
    await user.click(screen.getByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Franquia do embarcador' });
    const options = await modalidadeOptions(user, dialog);
    expect(options).toEqual(DEMO_SERVICES);
    expect(options).not.toContain('Pronta resposta fluvial');
  });

  it("offers the admin editing one of Gerenciadora Demo's franchises only Demo's services", { timeout: 30_000 }, async () => {
    const { user } = await renderAs('admin', franchisesOfAndrade);
    const table = await screen.findByRole('table', { name: 'Franquias (cliente)' });
    const row = (await within(table).findByText('Pronta resposta padrão', { selector: 'td, td *' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Ver' }));
    const dialog = await screen.findByRole('dialog', { name: /\| Franquia do embarcador$/ });
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    // The chosen service ('Pronta resposta armada') is left out of the list it is picked from.
    const options = await modalidadeOptions(user, dialog);
    expect(options).toEqual(['Averiguação', 'Escolta veicular']);
  });
});
