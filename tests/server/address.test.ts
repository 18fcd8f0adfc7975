/**
 * The address proxy (/api/address) against the local upstream stub (tests/stubs): CEP look-up,
 * geocoding both ways, the cache, the upstream's failures read as the product's not-found texts, bad
 * input refused in Portuguese before any upstream call, and who may call what.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAddressService, spacedCalls } from '../../server/address/service';
import { UpstreamError } from '../../server/address/upstream';
import { cepLimit } from '../../server/address/handlers';
import { ADDRESS_NOT_FOUND, ADDRESS_SERVICE_UNAVAILABLE, COORDINATES_NOT_FOUND, COORDINATES_SERVICE_UNAVAILABLE, MAX_GEOCODE_QUERY } from '../../src/domain/address';
import { CONTROL_CHARACTERS_NOT_ALLOWED, INVALID_CEP, INVALID_NUMBER, maxLength, maxValue, minValue } from '../../src/domain/messages';
import { startAddressUpstream, STUB_PLACES, STUB_UNKNOWN_CEP, type AddressUpstream } from '../stubs/addressUpstream';
import { ACCOUNTS, loginAll, type Account, type Client } from './catalogueClient';
import { createTestApp, login, type TestApp } from './helpers';

const TIMEOUT_MS = 300;
const PAULISTA = STUB_PLACES.paulista;

let stub: AddressUpstream;
let server: TestApp;
let clients: Record<Account, Client>;

beforeAll(async () => {
  stub = await startAddressUpstream();
  // Unspaced here: the spacing has its own tests below.
  server = await createTestApp({ cepUpstream: stub.cepUrl, geocodeUpstream: stub.geocodeUrl, addressTimeoutMs: TIMEOUT_MS, geocodeIntervalMs: 0 });
  clients = await loginAll(server.app);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await stub?.close();
});
beforeEach(() => {
  stub.setMode('normal');
  stub.requests.length = 0;
});

/** A public call from its own client address, so the per-address limit of one test does not reach another. */
let address = 0;
const anonymous = (url: string, remoteAddress = `10.1.0.${++address}`) =>
  server.app.inject({ method: 'GET', url, remoteAddress });

const errorOf = (body: string) => {
  const parsed = JSON.parse(body) as { error?: string; errors?: { message: string; path: string }[] };
  return parsed.error ?? parsed.errors?.map((e) => `${e.path}: ${e.message}`).join('; ');
};

describe('GET /api/address/{cep}/json (public)', () => {
  it('answers the place in the form fields, without a session, and serves a repeat from the cache', async () => {
    const first = await anonymous('/api/address/01310-100/json');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      zipcode: '01310100',
      address: PAULISTA.logradouro,
      complement: PAULISTA.complemento,
      neighborhood: PAULISTA.bairro,
      city: PAULISTA.localidade,
      state: 'SP',
    });
    expect(stub.requests).toEqual(['/ws/01310100/json/']);

    const again = await anonymous('/api/address/01310100/json');
    expect(again.json()).toEqual(first.json());
    expect(stub.requests).toHaveLength(1);
  });

  it("answers 404 'Endereço não encontrado' when the upstream flags the CEP (erro)", async () => {
    const response = await anonymous(`/api/address/${STUB_UNKNOWN_CEP}/json`);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response.body)).toBe(ADDRESS_NOT_FOUND);
    expect(stub.requests).toEqual(['/ws/99999999/json/']);
  });

  it("answers an upstream that fails, answers garbage or times out with 503 'unavailable, type it by hand', not 'not found', and does not cache the failure", async () => {
    const url = `/api/address/${STUB_PLACES.curitiba.cep}/json`;
    for (const mode of ['error', 'garbage', 'wrongShape'] as const) {
      stub.setMode(mode);
      const response = await anonymous(url);
      expect([mode, response.statusCode, errorOf(response.body)]).toEqual([mode, 503, ADDRESS_SERVICE_UNAVAILABLE]);
    }
    stub.setMode('normal', TIMEOUT_MS * 4);
    const started = Date.now();
    const slow = await anonymous(url);
    expect([slow.statusCode, errorOf(slow.body)]).toEqual([503, ADDRESS_SERVICE_UNAVAILABLE]);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 3);
    expect(stub.requests).toHaveLength(4);

    stub.setMode('normal');
    const recovered = await anonymous(url);
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json<{ city: string }>().city).toBe('Curitiba');
  });

  it('asks the upstream once for identical look-ups in flight at the same time', async () => {
    stub.setMode('normal', 100);
    const answers = await Promise.all([1, 2, 3].map(() => anonymous(`/api/address/${STUB_PLACES.rioBranco.cep}/json`)));
    expect(answers.map((a) => a.json<{ city: string }>().city)).toEqual(['Rio de Janeiro', 'Rio de Janeiro', 'Rio de Janeiro']);
    expect(stub.requests).toEqual(['/ws/20040002/json/']);
  });

  it("refuses a CEP that is not 8 digits with 400 'CEP inválido' before any upstream call", async () => {
    for (const cep of ['1234', '013101000', 'abcdefgh', '01310%00100', '01310%0A10', '0131010%20']) {
      const response = await anonymous(`/api/address/${cep}/json`);
      expect([cep, response.statusCode, errorOf(response.body)]).toEqual([cep, 400, `cep: ${INVALID_CEP}`]);
    }
    expect(stub.requests).toEqual([]);
  });

  it('limits the public look-up per client address (429 with Retry-After), other addresses unaffected', async () => {
    const { max } = cepLimit('x');
    const ip = '10.9.9.9';
    for (let i = 0; i < max; i++) expect((await anonymous(`/api/address/${STUB_UNKNOWN_CEP}/json`, ip)).statusCode).toBe(404);
    const blocked = await anonymous('/api/address/01310100/json', ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await anonymous('/api/address/01310100/json', '10.9.9.10')).statusCode).toBe(200);

    // A signed-in person behind the same address is not limited; an invalid token is just anonymous.
    const token = { 'x-access-token': await login(server.app, ACCOUNTS.gestor) };
    const signedIn = await server.app.inject({ method: 'GET', url: '/api/address/01310100/json', remoteAddress: ip, headers: token });
    expect(signedIn.statusCode).toBe(200);
    const forged = await server.app.inject({ method: 'GET', url: '/api/address/01310100/json', remoteAddress: ip, headers: { 'x-access-token': 'forged' } });
    expect(forged.statusCode).toBe(429);
  });
});

describe('GET /api/address/geocode and /reverse (session)', () => {
  const paulistaQuery = encodeURIComponent('Avenida Paulista, 1000, São Paulo - SP');

  it('geocodes an address to {lat, lng}, identifying itself to the upstream, and caches it', async () => {
    const response = await clients.gestor.get(`/api/address/geocode?address=${paulistaQuery}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ lat: PAULISTA.lat, lng: PAULISTA.lon });
    expect(stub.lastUserAgent()).toBe(server.config.geocodeUserAgent);
    await clients.gestor.get(`/api/address/geocode?address=${encodeURIComponent('  avenida paulista,  1000, são paulo - sp ')}`);
    expect(stub.requests).toHaveLength(1);
  });

  it("answers 404 'Não foi possível encontrar as coordenadas' for an unknown address, 503 'unavailable' for a failing upstream", async () => {
    const unknown = await clients.gestor.get(`/api/address/geocode?address=${encodeURIComponent('Rua Que Não Existe, Lugar Nenhum')}`);
    expect([unknown.statusCode, errorOf(unknown.body)]).toEqual([404, COORDINATES_NOT_FOUND]);
    stub.setMode('garbage');
    const garbage = await clients.gestor.get(`/api/address/geocode?address=${encodeURIComponent('Avenida Rio Branco, Rio de Janeiro')}`);
    expect([garbage.statusCode, errorOf(garbage.body)]).toEqual([503, COORDINATES_SERVICE_UNAVAILABLE]);
    stub.setMode('error');
    const reverse = await clients.gestor.get('/api/address/reverse?lat=-22.903539&lng=-43.177474');
    expect([reverse.statusCode, errorOf(reverse.body)]).toEqual([503, ADDRESS_SERVICE_UNAVAILABLE]);
  });

  it('reverse-geocodes a point (comma or dot decimals) to the location fields', async () => {
    const response = await clients.prestador.get('/api/address/reverse?lat=-23,561414&lng=-46.655881');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      zipcode: '01310100',
      address: PAULISTA.logradouro,
      number: PAULISTA.houseNumber,
      neighborhood: PAULISTA.bairro,
      city: PAULISTA.localidade,
      state: 'SP',
    });
    const nowhere = await clients.prestador.get('/api/address/reverse?lat=0&lng=0');
    expect([nowhere.statusCode, errorOf(nowhere.body)]).toEqual([404, ADDRESS_NOT_FOUND]);
  });

  it('refuses bad input with 400 in Portuguese before any upstream call', async () => {
    const cases: [string, string][] = [
      [`geocode?address=Rua%01Paulista`, `address: ${CONTROL_CHARACTERS_NOT_ALLOWED}`],
      [`geocode?address=${'a'.repeat(MAX_GEOCODE_QUERY + 1)}`, `address: ${maxLength(MAX_GEOCODE_QUERY)}`],
      ['geocode?address=%20%20%20', 'address: Preenchimento obrigatório'],
      ['geocode', 'address: Preenchimento obrigatório'],
      ['reverse?lat=91&lng=0', `lat: ${maxValue(90)}`],
      ['reverse?lat=0&lng=-180.5', `lng: ${minValue(-180)}`],
      ['reverse?lat=abc&lng=0', `lat: ${INVALID_NUMBER}`],
      ['reverse?lat=1%002&lng=0', `lat: ${CONTROL_CHARACTERS_NOT_ALLOWED}`],
      ['reverse?lat=1', 'lng: Preenchimento obrigatório'],
    ];
    for (const [url, message] of cases) {
      const response = await clients.gestor.get(`/api/address/${url}`);
      expect([url, response.statusCode, errorOf(response.body)]).toEqual([url, 400, message]);
    }
    expect(stub.requests).toEqual([]);
  });

  it('needs a session: 401 without a token, 200 for every role', async () => {
    for (const path of [`geocode?address=${paulistaQuery}`, 'reverse?lat=-23.561414&lng=-46.655881']) {
      expect((await anonymous(`/api/address/${path}`)).statusCode).toBe(401);
      for (const account of Object.keys(ACCOUNTS) as Account[]) {
        expect([path, account, (await clients[account].get(`/api/address/${path}`)).statusCode]).toEqual([path, account, 200]);
      }
    }
  });
});

describe('address service', () => {
  it('rejects with UpstreamError when nothing listens at the upstream address', async () => {
    const closed = await startAddressUpstream();
    await closed.close();
    const service = createAddressService({
      cepUpstream: closed.cepUrl,
      geocodeUpstream: closed.geocodeUrl,
      addressTimeoutMs: TIMEOUT_MS,
      geocodeUserAgent: 'test',
      geocodeIntervalMs: 0,
    });
    await expect(service.lookupCep('01310100')).rejects.toBeInstanceOf(UpstreamError);
    await expect(service.reverse(0, 0)).rejects.toBeInstanceOf(UpstreamError);
  });

  it('spaces geocoding calls, fails at once a call whose turn is past its deadline, and spends no turn on the cache', async () => {
    const service = createAddressService({
      cepUpstream: stub.cepUrl,
      geocodeUpstream: stub.geocodeUrl,
      addressTimeoutMs: TIMEOUT_MS,
      geocodeUserAgent: 'test',
      geocodeIntervalMs: 200,
    });
    const started = performance.now();
    const timed = <T,>(call: Promise<T>) => call.then((value) => ({ value, ms: performance.now() - started }));
    const [first, second, third] = await Promise.allSettled([
      timed(service.geocode('Avenida Paulista, 1000, São Paulo - SP')),
      timed(service.reverse(PAULISTA.lat, PAULISTA.lon)),
      // Its turn would come 400 ms from now, past the 300 ms deadline.
      timed(service.geocode('Avenida Rio Branco, Rio de Janeiro')),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(second.status).toBe('fulfilled');
    if (second.status === 'fulfilled') expect(second.value.ms).toBeGreaterThanOrEqual(190);
    expect(third.status).toBe('rejected');
    if (third.status === 'rejected') expect(third.reason).toBeInstanceOf(UpstreamError);
    expect(stub.requests.filter((r) => r.includes('/search') || r.includes('/reverse'))).toHaveLength(2);
    // A cached place asks nobody and waits for nothing.
    const again = performance.now();
    await service.geocode('Avenida Paulista, 1000, São Paulo - SP');
    expect(performance.now() - again).toBeLessThan(100);
    expect(stub.requests).toHaveLength(2);
  });
});

describe('spacedCalls', () => {
  it('gives each call the next free slot and refuses one beyond the wait allowed', async () => {
    let clock = 1_000;
    const slot = spacedCalls(1000, 2500, () => clock);
    await slot();
    const waits: number[] = [];
    const timers = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms: number) => {
      waits.push(ms);
      fn();
      return 0 as unknown as NodeJS.Timeout;
    }) as typeof setTimeout);
    try {
      await slot();
      await slot();
      await expect(slot()).rejects.toBeInstanceOf(UpstreamError);
      clock += 5_000;
      await slot();
    } finally {
      timers.mockRestore();
    }
    expect(waits).toEqual([1000, 2000]);
  });
});
