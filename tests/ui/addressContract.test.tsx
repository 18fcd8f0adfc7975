/**
 * The address proxy's contract with the browser: the data provider's extra methods (lookupCep,
 * geocode, reverseGeocode) and the look-up hook in a form, through the real http client into the
 * real server (contractHarness: app.inject), whose upstreams are the local stub (tests/stubs).
 */
import { screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_NOT_FOUND, ADDRESS_SERVICE_UNAVAILABLE } from '../../src/domain/address';
import { INVALID_CEP } from '../../src/domain/messages';
import { createDataProvider } from '../../src/dataProvider';
import { HttpError } from '../../src/dataProvider/HttpError';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { dismiss } from '../../src/layout/notify';
import { resourceEndpoints } from '../../src/resources';
import { ACCOUNTS } from '../server/catalogueClient';
import { createTestApp, type TestApp } from '../server/helpers';
import { startAddressUpstream, STUB_PLACES, STUB_UNKNOWN_CEP, type AddressUpstream } from '../stubs/addressUpstream';
import { renderLocationForm } from './addressForm';
import { injectFetch, signIn, type SignedIn } from './contractHarness';

const PAULISTA = STUB_PLACES.paulista;

let stub: AddressUpstream;
let server: TestApp;
let gestor: SignedIn;

beforeAll(async () => {
  stub = await startAddressUpstream();
  server = await createTestApp({ cepUpstream: stub.cepUrl, geocodeUpstream: stub.geocodeUrl });
  gestor = await signIn(server.app, ACCOUNTS.gestor);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await stub?.close();
});
afterEach(() => dismiss());

const providerOver = (httpClient: SignedIn['httpClient']) => createDataProvider({ httpClient, endpoints: resourceEndpoints });

describe('contract: address look-ups against the real server', () => {
  it('lookupCep answers the place without a session, null when there is none, 400 for a malformed CEP', async () => {
    const anonymous = providerOver(createHttpClient({ fetch: injectFetch(server.app), sleep: () => Promise.resolve() }));
    expect(await anonymous.lookupCep(PAULISTA.cep)).toEqual({
      zipcode: '01310100',
      address: PAULISTA.logradouro,
      complement: PAULISTA.complemento,
      neighborhood: PAULISTA.bairro,
      city: PAULISTA.localidade,
      state: PAULISTA.uf,
    });
    expect(await anonymous.lookupCep(STUB_UNKNOWN_CEP)).toBeNull();
    const malformed = await anonymous.lookupCep('0131').catch((error: unknown) => error);
    expect(malformed).toBeInstanceOf(HttpError);
    expect([(malformed as HttpError).status, (malformed as HttpError).message]).toEqual([400, INVALID_CEP]);
  });

  it('geocode and reverseGeocode answer with a session and are refused without one', async () => {
    const dp = providerOver(gestor.httpClient);
    expect(await dp.geocode('Avenida Paulista, 1000, São Paulo - SP')).toEqual({ lat: PAULISTA.lat, lng: PAULISTA.lon });
    expect(await dp.geocode('Rua Que Não Existe, Lugar Nenhum')).toBeNull();
    expect(await dp.reverseGeocode('-23,561414', PAULISTA.lon)).toEqual({
      zipcode: '01310100',
      address: PAULISTA.logradouro,
      number: PAULISTA.houseNumber,
      neighborhood: PAULISTA.bairro,
      city: PAULISTA.localidade,
      state: PAULISTA.uf,
    });
    const anonymous = providerOver(createHttpClient({ fetch: injectFetch(server.app), sleep: () => Promise.resolve() }));
    await expect(anonymous.geocode('Avenida Paulista, São Paulo')).rejects.toMatchObject({ status: 401 });
    await expect(anonymous.reverseGeocode(PAULISTA.lat, PAULISTA.lon)).rejects.toMatchObject({ status: 401 });
  });

  it('a form typing a CEP gets the address and the coordinates from the server', async () => {
    const { user } = renderLocationForm(gestor.httpClient);
    await user.type(screen.getByLabelText('CEP'), PAULISTA.cep);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Latitude').value).toBe(String(PAULISTA.lat)));
    expect(screen.getByLabelText<HTMLInputElement>('Endereço').value).toBe(PAULISTA.logradouro);
    expect(screen.getByLabelText<HTMLInputElement>('Longitude').value).toBe(String(PAULISTA.lon));

    await user.clear(screen.getByLabelText('CEP'));
    await user.type(screen.getByLabelText('CEP'), STUB_UNKNOWN_CEP);
    expect(await screen.findByText(ADDRESS_NOT_FOUND)).toBeInTheDocument();
  });

  it('when the CEP service cannot be reached the form says it is unavailable and may be typed by hand, after one try', async () => {
    const { user } = renderLocationForm(gestor.httpClient);
    stub.setMode('error');
    stub.requests.length = 0;
    try {
      await user.type(screen.getByLabelText('CEP'), STUB_PLACES.rioBranco.cep);
      expect(await screen.findByText(ADDRESS_SERVICE_UNAVAILABLE)).toBeInTheDocument();
      expect(screen.queryByText(ADDRESS_NOT_FOUND)).not.toBeInTheDocument();
      // The server already waited for the upstream: the browser does not ask again and again.
      expect(stub.requests).toEqual(['/ws/20040002/json/']);
      await user.type(screen.getByLabelText('Endereço'), 'Avenida Rio Branco');
      expect(screen.getByLabelText<HTMLInputElement>('Endereço').value).toBe('Avenida Rio Branco');
    } finally {
      stub.setMode('normal');
    }
  });
});
