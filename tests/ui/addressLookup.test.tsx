/**
 * useAddressLookup in a small form (addressForm.tsx) with the real data provider, http client and
 * toasts over the real server (app.inject), whose CEP and geocoding upstreams are the local stub:
 * typing a CEP fills the address and then the coordinates, leaving the coordinates fills the
 * address, nothing found shows the product's warning toast, and a late answer never overwrites newer
 * input. Only what the server cannot be made to do on cue is simulated around the real fetch: the
 * app server out of reach, and an answer held back until the test releases it.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_NOT_FOUND, ADDRESS_SERVICE_UNAVAILABLE, COORDINATES_NOT_FOUND } from '../../src/domain/address';
import { DEVICE_POSITION_TEXTS } from '../../src/layout/address/devicePosition';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { dismiss } from '../../src/layout/notify';
import { ACCOUNTS } from '../server/catalogueClient';
import { createTestApp, login, type TestApp } from '../server/helpers';
import { startAddressUpstream, STUB_PLACES, STUB_UNKNOWN_CEP, type AddressUpstream } from '../stubs/addressUpstream';
import { renderLocationForm } from './addressForm';
import { injectFetch } from './contractHarness';

const PAULISTA = STUB_PLACES.paulista;
const RIO = STUB_PLACES.rioBranco;

let stub: AddressUpstream;
let server: TestApp;
let token: string;

beforeAll(async () => {
  stub = await startAddressUpstream();
  server = await createTestApp({ cepUpstream: stub.cepUrl, geocodeUpstream: stub.geocodeUrl });
  token = await login(server.app, ACCOUNTS.gestor);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await stub?.close();
});

/** A response the test releases later. */
function held() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { gate, release };
}

/**
 * The gestor's http client over the real server, recording every request (path and query,
 * decoded). `hold` names the request whose answer waits for its gate; `unreachable` makes every
 * request fail as a browser does when the app server does not answer at all.
 */
function serverApi({ hold, unreachable = false }: { hold?: { request: string; gate: Promise<void> }; unreachable?: boolean } = {}) {
  const requests: string[] = [];
  const real = injectFetch(server.app);
  const fetch = async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://app');
    const request = decodeURIComponent(url.pathname + url.search).replaceAll('+', ' ');
    requests.push(request);
    if (unreachable) throw new TypeError('Failed to fetch');
    const response = await real(input, init);
    if (hold?.request === request) await hold.gate;
    return response;
  };
  // The http client always passes the URL as a string (buildUrl).
  const httpClient = createHttpClient({ fetch: fetch as typeof globalThis.fetch, getToken: () => token, sleep: () => Promise.resolve() });
  return { requests, httpClient };
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

/** The phone's geolocation as the test says it answers (jsdom has none). */
function stubGeolocation(answer: Geolocation['getCurrentPosition']) {
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition: answer } });
}

afterEach(() => dismiss());

describe('useAddressLookup', () => {
  it('typing the 8th digit of a CEP fills the address, then geocodes it into the coordinates', async () => {
    const api = serverApi();
    const { user } = renderLocationForm(api.httpClient);
    await user.type(field('CEP'), '0131010');
    expect(api.requests).toEqual([]);
    await user.type(field('CEP'), '0');
    await waitFor(() => expect(field('Longitude').value).toBe(String(PAULISTA.lon)));
    expect(field('Endereço').value).toBe(PAULISTA.logradouro);
    expect(field('Bairro').value).toBe(PAULISTA.bairro);
    expect(field('Cidade').value).toBe(PAULISTA.localidade);
    expect(field('Estado').value).toBe(PAULISTA.uf);
    expect(field('Latitude').value).toBe(String(PAULISTA.lat));
    expect(api.requests).toEqual(['/api/address/01310100/json', '/api/address/geocode?address=Avenida Paulista, São Paulo - SP']);
  });

  it("a CEP with no address shows the warning 'Endereço não encontrado' and fills nothing", async () => {
    const api = serverApi();
    const { user } = renderLocationForm(api.httpClient);
    await user.type(field('CEP'), STUB_UNKNOWN_CEP);
    expect(await screen.findByText(ADDRESS_NOT_FOUND)).toBeInTheDocument();
    expect(field('Endereço').value).toBe('');
    expect(api.requests).toEqual(['/api/address/99999999/json']);
  });

  it('the app server itself out of reach (no answer at all) reads as the service unavailable too, asked once', async () => {
    const api = serverApi({ unreachable: true });
    const { user } = renderLocationForm(api.httpClient);
    await user.type(field('CEP'), PAULISTA.cep);
    expect(await screen.findByText(ADDRESS_SERVICE_UNAVAILABLE)).toBeInTheDocument();
    expect(api.requests).toEqual(['/api/address/01310100/json']);
  });

  it('a late answer for an older CEP does not overwrite the newer one', async () => {
    const slow = held();
    const api = serverApi({ hold: { request: '/api/address/01310100/json', gate: slow.gate } });
    const { user } = renderLocationForm(api.httpClient);
    await user.type(field('CEP'), '01310100');
    await user.clear(field('CEP'));
    await user.type(field('CEP'), '20040002');
    // Rio's address, then its coordinates: every answer of the newer CEP has arrived.
    await waitFor(() => expect(field('Latitude').value).toBe(String(RIO.lat)));
    slow.release();
    await waitFor(() => expect(document.querySelector('form')?.getAttribute('aria-busy')).toBe('false'));
    expect(field('Cidade').value).toBe(RIO.localidade);
    expect(field('Endereço').value).toBe(RIO.logradouro);
    expect(field('Latitude').value).toBe(String(RIO.lat));
  });

  it('an answer that arrives after the CEP was edited is dropped', async () => {
    const slow = held();
    const api = serverApi({ hold: { request: '/api/address/01310100/json', gate: slow.gate } });
    const { user } = renderLocationForm(api.httpClient);
    await user.type(field('CEP'), '01310100');
    await user.type(field('CEP'), '{Backspace}');
    slow.release();
    await waitFor(() => expect(api.requests).toEqual(['/api/address/01310100/json']));
    await waitFor(() => expect(document.querySelector('form')?.getAttribute('aria-busy')).toBe('false'));
    expect(field('Endereço').value).toBe('');
  });

  it('leaving the coordinates fills the address by reverse geocoding', async () => {
    const api = serverApi();
    const { user } = renderLocationForm(api.httpClient);
    await user.type(field('Latitude'), '-23,561414');
    await user.type(field('Longitude'), '-46.655881');
    await user.tab();
    await waitFor(() => expect(field('Endereço').value).toBe(PAULISTA.logradouro));
    expect(field('CEP').value).toBe(PAULISTA.cep);
    expect(field('Número').value).toBe(PAULISTA.houseNumber);
    expect(field('Estado').value).toBe(PAULISTA.uf);
    // The CEP it filled is not looked up again, nor the address geocoded back.
    expect(api.requests).toEqual(['/api/address/reverse?lat=-23.561414&lng=-46.655881']);
  });

  it("'Usar minha localização' puts the phone's fix in the coordinates and its address in the address fields", async () => {
    const asked: PositionOptions[] = [];
    stubGeolocation((success, _failure, options) => {
      asked.push(options ?? {});
      success({ coords: { latitude: PAULISTA.lat, longitude: PAULISTA.lon } } as GeolocationPosition);
    });
    const api = serverApi();
    const { user } = renderLocationForm(api.httpClient);
    await user.click(screen.getByRole('button', { name: 'Usar minha localização' }));
    await waitFor(() => expect(field('Endereço').value).toBe(PAULISTA.logradouro));
    expect([field('Latitude').value, field('Longitude').value]).toEqual(['-23.561414', '-46.655881']);
    expect(field('CEP').value).toBe(PAULISTA.cep);
    expect(api.requests).toEqual(['/api/address/reverse?lat=-23.561414&lng=-46.655881']);
    // The GPS, not the cell tower: a team on a highway needs the metres.
    expect(asked).toEqual([expect.objectContaining({ enableHighAccuracy: true })]);
  });

  it('a refused or failed fix says why in Portuguese and asks the server nothing', async () => {
    for (const [code, text] of [[1, DEVICE_POSITION_TEXTS.denied], [3, DEVICE_POSITION_TEXTS.unavailable]] as const) {
      stubGeolocation((_success, failure) => failure?.({ code, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: '' }));
      const api = serverApi();
      const { user } = renderLocationForm(api.httpClient);
      await user.click(screen.getByRole('button', { name: 'Usar minha localização' }));
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(field('Latitude').value).toBe('');
      expect(api.requests).toEqual([]);
      cleanup();
      dismiss();
    }
  });

  it('coordinates typed by hand are kept: a CEP filled afterwards is not geocoded over them, and nothing warns', async () => {
    const api = serverApi();
    const { user } = renderLocationForm(api.httpClient);
    await user.type(field('Latitude'), '-23,550300');
    await user.type(field('Longitude'), '-46,633900');
    await user.type(field('CEP'), '01310100');
    await waitFor(() => expect(field('Endereço').value).toBe(PAULISTA.logradouro));
    await user.click(field('Número'));
    await user.tab();
    await waitFor(() => expect(document.querySelector('form')?.getAttribute('aria-busy')).toBe('false'));
    expect(api.requests.filter((r) => r.startsWith('/api/address/geocode'))).toEqual([]);
    expect([field('Latitude').value, field('Longitude').value]).toEqual(['-23,550300', '-46,633900']);
    expect(screen.queryByText(COORDINATES_NOT_FOUND)).toBeNull();
  });

  it("leaving an address that cannot be placed shows 'Não foi possível encontrar as coordenadas'", async () => {
    const api = serverApi();
    const { user } = renderLocationForm(api.httpClient);
    await user.type(field('Endereço'), 'Rua Que Não Existe');
    await user.tab();
    expect(await screen.findByText(COORDINATES_NOT_FOUND)).toBeInTheDocument();
    expect(api.requests).toEqual(['/api/address/geocode?address=Rua Que Não Existe']);
    expect(field('Latitude').value).toBe('');
  });

  it("in 'blur' mode the CEP is looked up when its field is left, not on the 8th digit", async () => {
    const api = serverApi();
    const { user } = renderLocationForm(api.httpClient, 'blur');
    await user.type(field('CEP'), '01310100');
    expect(api.requests).toEqual([]);
    await user.tab();
    await waitFor(() => expect(field('Cidade').value).toBe(PAULISTA.localidade));
    expect(api.requests[0]).toBe('/api/address/01310100/json');
  });
});
