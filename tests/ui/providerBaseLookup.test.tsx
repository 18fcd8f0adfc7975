/**
 * The provider's base on the catalogue screen (docs/rules/catalogues.md): while the record is
 * edited, a CEP typed to its 8th digit fills the street, neighbourhood, city and state and then the
 * coordinates — the same look-up as the proposal form the base prefills — over the real server,
 * whose CEP and geocoding upstreams are the local stub; the base saved is what the form shows.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceProviders } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { startAddressUpstream, STUB_PLACES, type AddressUpstream } from '../stubs/addressUpstream';
import { renderOverServer } from './contractHarness';
import { createUiServer, type UiServer } from './uiServer';

const PAULISTA = STUB_PLACES.paulista;

let stub: AddressUpstream;
let server: UiServer;
beforeAll(async () => {
  stub = await startAddressUpstream();
  // The stub answers at once, but on a loaded machine this process may not read its answer within
  // the 4 s a real upstream gets: a longer wait here, so the look-up is tested and not the machine.
  server = await createUiServer({}, { cepUpstream: stub.cepUrl, geocodeUpstream: stub.geocodeUrl, addressTimeoutMs: 30_000 });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await stub?.close();
});

describe("the catalogue's provider base", () => {
  it('a CEP typed while editing fills the address and the coordinates, and the base is saved as shown', { timeout: 90_000 }, async () => {
    renderOverServer(`/home/admin/advanced/providers/${DEMO_IDS.providerSul}/show`, await server.signedIn('gestor'));
    const dialog = await screen.findByRole('dialog', { name: 'Consultar | Prestadora de Serviços' }, { timeout: 30_000 });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    const field = (name: string) => within(dialog).getByRole<HTMLInputElement>('textbox', { name });
    await user.type(field('CEP'), PAULISTA.cep.replace('-', ''));
    await waitFor(() => expect(field('Cidade').value).toBe(PAULISTA.localidade), { timeout: 30_000 });
    expect([field('Endereço').value, field('Bairro').value, field('Estado').value]).toEqual([PAULISTA.logradouro, PAULISTA.bairro, PAULISTA.uf]);
    // Shown with a decimal comma, as typed in Brazil (src/layout/DecimalInput.tsx).
    await waitFor(() => expect([field('Latitude').value, field('Longitude').value]).toEqual([PAULISTA.lat, PAULISTA.lon].map((n) => String(n).replace('.', ','))), { timeout: 30_000 });
    await user.type(field('Número'), PAULISTA.houseNumber);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(
      async () => {
        const [row] = await server.database.db
          .select({ zipcode: serviceProviders.baseZipcode, address: serviceProviders.baseAddress, number: serviceProviders.baseNumber, city: serviceProviders.baseCity, latitude: serviceProviders.baseLatitude })
          .from(serviceProviders)
          .where(eq(serviceProviders.id, DEMO_IDS.providerSul));
        expect(row).toEqual({ zipcode: PAULISTA.cep.replace('-', ''), address: PAULISTA.logradouro, number: PAULISTA.houseNumber, city: PAULISTA.localidade, latitude: PAULISTA.lat });
      },
      { timeout: 30_000 },
    );
  });
});
