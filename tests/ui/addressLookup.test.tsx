/**
 * useAddressLookup in a small form (addressForm.tsx) with the real data provider, http client and
 * toasts over a fake fetch: typing a CEP fills the address and then the coordinates, leaving the
 * coordinates fills the address, nothing found shows the spec's warning toast, and a late answer
 * never overwrites newer input.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADDRESS_NOT_FOUND, ADDRESS_SERVICE_UNAVAILABLE, COORDINATES_NOT_FOUND } from '../../src/domain/address';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { dismiss } from '../../src/layout/notify';
import { renderLocationForm } from './addressForm';

const PAULISTA = { zipcode: '01310100', address: 'Avenida Paulista', complement: '', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };
const RIO = { zipcode: '20040002', address: 'Avenida Rio Branco', complement: '', neighborhood: 'Centro', city: 'Rio de Janeiro', state: 'RJ' };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A fake API: `answer` maps a request (path and query, decoded) to its response; an answer that is a
 * held promise lets a test decide when it arrives. Every request is recorded.
 */
function fakeApi(answer: (request: string) => Response | Promise<Response>) {
  const requests: string[] = [];
  const fetch = (input: string) => {
    const url = new URL(input, 'http://app');
    const request = decodeURIComponent(url.pathname + url.search).replaceAll('+', ' ');
    requests.push(request);
    return Promise.resolve(answer(request));
  };
  // The http client always passes the URL as a string (buildUrl).
  return { requests, httpClient: createHttpClient({ fetch: ((input: string) => fetch(input)) as typeof globalThis.fetch, sleep: () => Promise.resolve() }) };
}

/** A response the test releases later. */
function held() {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

afterEach(() => dismiss());

describe('useAddressLookup', () => {
  it('typing the 8th digit of a CEP fills the address, then geocodes it into the coordinates', async () => {
    const api = fakeApi((request) => {
      if (request === '/api/address/01310100/json') return json(200, PAULISTA);
      if (request === '/api/address/geocode?address=Avenida Paulista, São Paulo - SP') return json(200, { lat: -23.561414, lng: -46.655881 });
      return json(500, { error: `unexpected ${request}` });
    });
    const { user } = renderLocationForm(api.httpClient);
    await user.type(field('CEP'), '0131010');
    expect(api.requests).toEqual([]);
    await user.type(field('CEP'), '0');
    await waitFor(() => expect(field('Longitude').value).toBe('-46.655881'));
    expect(field('Endereço').value).toBe('Avenida Paulista');
    expect(field('Bairro').value).toBe('Bela Vista');
    expect(field('Cidade').value).toBe('São Paulo');
    expect(field('Estado').value).toBe('SP');
    expect(field('Latitude').value).toBe('-23.561414');
    expect(api.requests).toHaveLength(2);
  });

  it("a CEP with no address shows the warning 'Endereço não encontrado' and fills nothing", async () => {
    const api = fakeApi(() => json(404, { error: ADDRESS_NOT_FOUND }));
    const { user } = renderLocationForm(api.httpClient);
    await user.type(field('CEP'), '99999-999');
    expect(await screen.findByText(ADDRESS_NOT_FOUND)).toBeInTheDocument();
    expect(field('Endereço').value).toBe('');
    expect(api.requests).toEqual(['/api/address/99999999/json']);
  });

  it('the app server itself out of reach (no answer at all) reads as the service unavailable too, asked once', async () => {
    const api = fakeApi(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = renderLocationForm(api.httpClient);
    await user.type(field('CEP'), '01310-100');
    expect(await screen.findByText(ADDRESS_SERVICE_UNAVAILABLE)).toBeInTheDocument();
    expect(api.requests).toEqual(['/api/address/01310100/json']);
  });

  it('a late answer for an older CEP does not overwrite the newer one', async () => {
    const slow = held();
    const api = fakeApi((request) => {
      if (request === '/api/address/01310100/json') return slow.promise;
      if (request === '/api/address/20040002/json') return json(200, RIO);
      return json(404, { error: COORDINATES_NOT_FOUND });
    });
    const { user } = renderLocationForm(api.httpClient);
    await user.type(field('CEP'), '01310100');
    await user.clear(field('CEP'));
    await user.type(field('CEP'), '20040002');
    await waitFor(() => expect(field('Cidade').value).toBe('Rio de Janeiro'));
    slow.release(json(200, PAULISTA));
    // The geocoding of Rio's address (answered 404 here) comes after the CEP answers: once its toast
    // shows, every answer has arrived.
    expect(await screen.findByText(COORDINATES_NOT_FOUND)).toBeInTheDocument();
    expect(field('Cidade').value).toBe('Rio de Janeiro');
    expect(field('Endereço').value).toBe('Avenida Rio Branco');
  });

  it('an answer that arrives after the CEP was edited is dropped', async () => {
    const slow = held();
    const api = fakeApi(() => slow.promise);
    const { user } = renderLocationForm(api.httpClient);
    await user.type(field('CEP'), '01310100');
    await user.type(field('CEP'), '{Backspace}');
    slow.release(json(200, PAULISTA));
    await waitFor(() => expect(api.requests).toEqual(['/api/address/01310100/json']));
    await waitFor(() => expect(document.querySelector('form')?.getAttribute('aria-busy')).toBe('false'));
    expect(field('Endereço').value).toBe('');
  });

  it('leaving the coordinates fills the address by reverse geocoding', async () => {
    const api = fakeApi((request) =>
      request === '/api/address/reverse?lat=-23.561414&lng=-46.655881'
        ? json(200, { zipcode: '01310100', address: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' })
        : json(500, { error: `unexpected ${request}` }),
    );
    const { user } = renderLocationForm(api.httpClient);
    await user.type(field('Latitude'), '-23,561414');
    await user.type(field('Longitude'), '-46.655881');
    await user.tab();
    await waitFor(() => expect(field('Endereço').value).toBe('Avenida Paulista'));
    expect(field('CEP').value).toBe('01310-100');
    expect(field('Número').value).toBe('1000');
    expect(field('Estado').value).toBe('SP');
    // The CEP it filled is not looked up again, nor the address geocoded back.
    expect(api.requests).toHaveLength(1);
  });

  it("leaving an address that cannot be placed shows 'Não foi possível encontrar as coordenadas'", async () => {
    const api = fakeApi(() => json(404, { error: COORDINATES_NOT_FOUND }));
    const { user } = renderLocationForm(api.httpClient);
    await user.type(field('Endereço'), 'Rua Que Não Existe');
    await user.tab();
    expect(await screen.findByText(COORDINATES_NOT_FOUND)).toBeInTheDocument();
    expect(api.requests).toEqual(['/api/address/geocode?address=Rua Que Não Existe']);
    expect(field('Latitude').value).toBe('');
  });

  it("in 'blur' mode the CEP is looked up when its field is left, not on the 8th digit", async () => {
    const api = fakeApi((request) => (request.endsWith('/json') ? json(200, PAULISTA) : json(404, { error: COORDINATES_NOT_FOUND })));
    const { user } = renderLocationForm(api.httpClient, 'blur');
    await user.type(field('CEP'), '01310100');
    expect(api.requests).toEqual([]);
    await user.tab();
    await waitFor(() => expect(field('Cidade').value).toBe('São Paulo'));
    expect(api.requests[0]).toBe('/api/address/01310100/json');
  });
});
