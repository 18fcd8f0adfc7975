/**
 * Row action 'map': the mission's map dialog (Leaflet, loaded on demand) with the pin and a link
 * that opens the location in OpenStreetMap.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismiss } from '../../src/layout/notify';
import { renderMissions, rowOf, seedMission, serveMissions } from './missionsHarness';

const server = serveMissions();
afterEach(() => dismiss());

describe('mission map', () => {
  it('opens the map with the mission pin and the external link to its coordinates', async () => {
    await seedMission(server, { processNumber: 'P-1' });
    const { user } = await renderMissions(server, 'operador');
    await user.click(within(await rowOf('P-1')).getByRole('button', { name: 'Ver no mapa a missão P-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mapa — Missão P-1' });
    const link = within(dialog).getByRole('link', { name: /Abrir no OpenStreetMap/ });
    expect(link).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=-23.5503&mlon=-46.6339#map=18/-23.5503/-46.6339');
    expect(link).toHaveAttribute('target', '_blank');
    // Leaflet mounted (its container) and put the mission's pin on it.
    await within(dialog).findByRole('button', { name: 'Marker' });
    expect(dialog.querySelector('.leaflet-container')).not.toBeNull();
  });
});
