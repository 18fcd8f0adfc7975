/**
 * The provider's base between the browser and the server (docs/rules/catalogues.md,
 * docs/rules/field-app.md): the catalogue's record through the data provider's update and getOne,
 * and the provider's own read (`ownBase`), through the real http client into the real server
 * (contractHarness: app.inject) — who reads what, and the server's Portuguese refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { createDataProvider, type AppRecord } from '../../src/dataProvider';
import { HttpError } from '../../src/dataProvider/HttpError';
import { resourceEndpoints } from '../../src/resources';
import { createTestApp, login, type TestApp } from '../server/helpers';
import { tokenClient } from './contractHarness';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
}, 120_000);
afterAll(async () => server?.close());

/** A provider record as the catalogue answers it, with its base. */
type ProviderRecord = AppRecord & { base: Record<string, unknown> };

const dataProviderOf = async (email: string) => createDataProvider({ httpClient: tokenClient(server.app, await login(server.app, email)), endpoints: resourceEndpoints });

const BASE = {
  zipcode: '06454-000',
  address: 'Alameda Rio Negro',
  number: '500',
  neighborhood: 'Alphaville Industrial',
  city: 'Barueri',
  state: 'SP',
  latitude: -23.5017,
  longitude: -46.8489,
};
const STORED = { ...BASE, zipcode: '06454000' };

describe('contract: the provider base', () => {
  it("the catalogue saves and reads the base; the provider reads its own through ownBase, the competitor none, the tenant's users are refused", async () => {
    const gestor = await dataProviderOf('gestor@demo.com.br');
    const prestador = await dataProviderOf('prestador@demo.com.br');
    const sul = await dataProviderOf('prestador2@demo.com.br');
    // The demo seed's base (server/demo/seed.ts), in São Paulo, until the catalogue changes it.
    expect(await prestador.ownBase()).toMatchObject({ city: 'São Paulo', state: 'SP' });

    const { data: before } = await gestor.getOne<ProviderRecord>('providers', { id: DEMO_IDS.provider });
    const { data: saved } = await gestor.update<ProviderRecord>('providers', { id: DEMO_IDS.provider, data: { ...before, base: BASE }, previousData: before });
    expect(saved.base).toEqual(STORED);
    expect((await gestor.getOne<ProviderRecord>('providers', { id: DEMO_IDS.provider })).data.base).toEqual(STORED);

    expect(await prestador.ownBase()).toEqual(STORED);
    expect(await sul.ownBase()).toBeNull();
    const refused = await gestor.ownBase().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(403);
  });

  it('a partial base is refused in Portuguese on the field, and nothing is saved', async () => {
    const gestor = await dataProviderOf('gestor@demo.com.br');
    const { data: before } = await gestor.getOne<ProviderRecord>('providers', { id: DEMO_IDS.providerSul });
    const refused = await gestor
      .update('providers', { id: DEMO_IDS.providerSul, data: { ...before, base: { ...before.base, city: 'Porto Alegre' } }, previousData: before })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(400);
    // As the form shows them: each missing part's message under its field.
    expect((refused as HttpError).body).toEqual({
      errors: {
        'base.zipcode': 'Preencha o número do CEP',
        'base.address': 'Preencha o endereço',
        'base.number': 'Preencha o número',
        'base.neighborhood': 'Preencha o bairro',
        'base.state': 'Preencha o estado',
        'base.latitude': 'Preencha a latitude',
        'base.longitude': 'Preencha a longitude',
      },
    });
    expect((await gestor.getOne<ProviderRecord>('providers', { id: DEMO_IDS.providerSul })).data.base).toMatchObject({ city: null, zipcode: null });
  });
});
