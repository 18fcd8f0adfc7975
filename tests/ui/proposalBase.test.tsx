/**
 * The proposal form from the provider's base (docs/rules/field-app.md): a provider with a base
 * finds the address prefilled and the distance and time proposed from there, all editable; 'Usar
 * minha localização' proposes them from the phone instead, keeping what the team typed; a
 * competitor without a base starts empty, never from another provider's.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { proposals, serviceProviders } from '../../server/db/schema';
import { proposedArrival } from '../../src/domain/missions/etaEstimate';
import { dismiss } from '../../src/layout/notify';
import { PROVIDER_ID, renderMissions, rowOf, seedMission, serveMissions, writes } from './missionsHarness';

const server = serveMissions();

/** Pronta Resposta Demo's base, in Barueri, west of the missions' Praça da Sé. */
const BASE = {
  baseZipcode: '06454000',
  baseAddress: 'Alameda Rio Negro',
  baseNumber: '500',
  baseNeighborhood: 'Alphaville Industrial',
  baseCity: 'Barueri',
  baseState: 'SP',
  baseLatitude: -23.5017,
  baseLongitude: -46.8489,
};
const NO_BASE = Object.fromEntries(Object.keys(BASE).map((key) => [key, null]));
const MISSION_PLACE = { lat: -23.5503, lng: -46.6339 };

async function setBase(values: Partial<typeof serviceProviders.$inferInsert>) {
  await server.t.database.db.update(serviceProviders).set(values).where(eq(serviceProviders.id, PROVIDER_ID));
}

afterEach(async () => {
  dismiss();
  await setBase(NO_BASE);
});

/** A whole form filled and sent through real events takes a while on a busy 2-core machine. */
const LONG_FORM_MS = 90_000;

async function openProposal(account: 'prestador' | 'sul', processNumber: string) {
  const { user } = await renderMissions(server, account);
  await user.click(within(await rowOf(processNumber)).getByRole('button', { name: `Enviar proposta para a missão ${processNumber}` }));
  const dialog = await screen.findByRole('dialog', { name: `Enviar proposta — Missão ${processNumber}` });
  const box = (name: string) => within(dialog).getByRole<HTMLInputElement>('textbox', { name });
  return { user, dialog, box };
}

async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLInputElement, text: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

describe('proposal form from the base', () => {
  it('prefills the base and proposes distance and time from it; both editable, sent as edited', async () => {
    await setBase(BASE);
    await seedMission(server, { processNumber: 'DA-BASE' });
    const { user, dialog, box } = await openProposal('prestador', 'DA-BASE');
    const expected = proposedArrival({ lat: BASE.baseLatitude, lng: BASE.baseLongitude }, MISSION_PLACE);
    await waitFor(() => expect(box('CEP').value).toBe('06454-000'));
    expect(
      ['Endereço', 'Número', 'Bairro', 'Cidade', 'Estado', 'Latitude', 'Longitude'].map((name) => box(name).value),
    ).toEqual(['Alameda Rio Negro', '500', 'Alphaville Industrial', 'Barueri', 'SP', '-23.5017', '-46.8489']);
    expect(box('Previsão em KM').value).toBe(expected.distanceInKm);
    expect(box('Prazo de chegada (hh:mm)').value).toBe(expected.time);
    // About 22.5 km in a straight line, 29.3 by road, half an hour at 60 km/h.
    expect(expected).toEqual({ distanceInKm: '29,3', time: '00:30' });

    await retype(user, box('Previsão em KM'), '31,5');
    await retype(user, box('Prazo de chegada (hh:mm)'), '0040');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Proposta lançada')).toBeInTheDocument();
    expect(writes(server)).toEqual(['POST /api/missions/proposals']);
    const [stored] = await server.t.database.db
      .select({ etaTime: proposals.etaTime, etaDistanceKm: proposals.etaDistanceKm, zipcode: proposals.zipcode, city: proposals.city, latitude: proposals.latitude, longitude: proposals.longitude })
      .from(proposals)
      .where(eq(proposals.serviceProvider, PROVIDER_ID));
    expect(stored).toEqual({ etaTime: '00:40', etaDistanceKm: 31.5, zipcode: '06454000', city: 'Barueri', latitude: -23.5017, longitude: -46.8489 });
  }, LONG_FORM_MS);

  it("'Usar minha localização' overrides the base: the proposed time follows the phone, the distance the team typed stays", async () => {
    await setBase(BASE);
    await seedMission(server, { processNumber: 'DO-CELULAR' });
    // 20 km south of the mission's place.
    const team = { lat: -23.7303, lng: -46.6339 };
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: (success: PositionCallback) => success({ coords: { latitude: team.lat, longitude: team.lng } } as GeolocationPosition) },
    });
    const { user, dialog, box } = await openProposal('prestador', 'DO-CELULAR');
    await waitFor(() => expect(box('Latitude').value).toBe('-23.5017'));
    await retype(user, box('Previsão em KM'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Usar minha localização' }));
    await waitFor(() => expect(box('Latitude').value).toBe('-23.7303'));
    expect(box('Longitude').value).toBe('-46.6339');
    await waitFor(() => expect(box('Prazo de chegada (hh:mm)').value).toBe(proposedArrival(team, MISSION_PLACE).time));
    expect(box('Previsão em KM').value).toBe('30');
  }, LONG_FORM_MS);

  it("a competitor without a base starts empty, never from another provider's", { timeout: LONG_FORM_MS }, async () => {
    await setBase(BASE);
    await seedMission(server, { processNumber: 'SEM-BASE' });
    const { box } = await openProposal('sul', 'SEM-BASE');
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/service-providers/base')).toBe(true));
    // The answer has come (the form would fill right after it): still empty.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(['CEP', 'Endereço', 'Latitude', 'Longitude', 'Previsão em KM', 'Prazo de chegada (hh:mm)'].map((name) => box(name).value)).toEqual(['', '', '', '', '', '']);
  });
});
