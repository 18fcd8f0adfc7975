/**
 * docs/operations/several-instances.md clustered dispatcher map in Chromium (jsdom draws no markers):
 * the risk manager opens
 * 'Mapa' over open missions made through the API in two tight groups and one alone, near Campinas
 * (far from the demo seed's missions). At zoom 15 the groups are clusters showing their counts, the
 * colour rule holds for every cluster drawn (red when the count exceeds max(10, mean count), else
 * blue), and zooming in past the clustering limit turns the clusters into their markers. Tiles come from a
 * stub answered inside the browser: no request leaves the machine.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { MAP_TILES_FAILED } from '../../src/custom/missions/mapConfig';
import { missionBody } from '../server/missionsClient';
import { DEMO_PASSWORD, useE2eServer } from './harness';

const e2e = useE2eServer();

const CAMPINAS = { latitude: -22.9056, longitude: -47.0608 };
/** About 11 m: a group's missions lie within a few pixels at zoom 15 (about 4.4 m a pixel here). */
const STEP = 0.0001;
/** About 600 m, some 140 px at zoom 15: well beyond the 60 px clustering radius. */
const APART = 0.006;
/**
 * 40 and 12 in two clusters: the mean is 26, so the 12 (above the floor of 10) is blue and only the
 * 40 is red, which a rule of "above 10" alone would get wrong.
 */
const BIG = 40;
const SMALL = 12;
/** A 1×1 grey PNG standing in for every map tile. */
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGN4AAAA4gDhFXZEAAAAAABJRU5ErkJggg==', 'base64');
const RGB = { red: 'rgb(211, 47, 47)', blue: 'rgb(25, 118, 210)' } as const;

async function managerToken(): Promise<string> {
  const response = await fetch(`${e2e.url}/api/auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'gestor@demo.com.br', password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Open missions of the demo risk manager, `count` of them on a grid from (latitude, longitude). */
async function openMissions(token: string, prefix: string, count: number, latitude: number, longitude: number) {
  const base = missionBody().location;
  for (let i = 0; i < count; i++) {
    const location = { ...base, latitude: latitude + (i % 5) * STEP, longitude: longitude + Math.floor(i / 5) * STEP };
    const response = await fetch(`${e2e.url}/api/missions/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': token },
      body: JSON.stringify(missionBody({ processNumber: `${prefix}-${i}`, location })),
    });
    expect(response.status, await response.clone().text()).toBe(201);
  }
}

interface DrawnCluster {
  count: number;
  colour: string | undefined;
  background: string;
}

/** The cluster icons Leaflet has drawn: the count each shows, its colour class and its painted colour. */
const drawnClusters = (page: Page): Promise<DrawnCluster[]> =>
  page.locator('.leaflet-container .cluster-icon > div').evaluateAll((icons) =>
    icons.map((icon) => ({
      count: Number(icon.textContent),
      colour: (icon as HTMLElement).dataset.clusterColour,
      background: getComputedStyle(icon).backgroundColor,
    })),
  );

/** Mission pins drawn on their own (not inside a cluster). */
const drawnPins = (page: Page) => page.locator('.leaflet-container .mission-pin').count();

describe('dispatcher map in the browser', () => {
  test('close missions cluster with their counts, coloured by the rule, and split into markers when zoomed in', async () => {
    const token = await managerToken();
    await openMissions(token, 'MAPA-SO', 1, CAMPINAS.latitude, CAMPINAS.longitude - APART);
    await openMissions(token, 'MAPA-PEQ', SMALL, CAMPINAS.latitude, CAMPINAS.longitude + APART);
    // Last, so the newest open mission (the map's centre) is in the big group.
    await openMissions(token, 'MAPA-GR', BIG, CAMPINAS.latitude, CAMPINAS.longitude);

    const page = await e2e.newPage('map-clusters');
    const outside: string[] = [];
    const origin = new URL(e2e.url).origin;
    await page.route(
      (url) => url.origin !== origin,
      (route) => {
        const url = new URL(route.request().url());
        if (url.hostname.endsWith('tile.openstreetmap.org')) return route.fulfill({ contentType: 'image/png', body: TILE });
        outside.push(url.href);
        return route.abort();
      },
    );
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });

    await e2e.logIn(page, 'gestor@demo.com.br');
    await page.getByRole('button', { name: 'Mapa', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Mapa de missões abertas e iniciadas' });
    await dialog.locator('.cluster-icon').first().waitFor({ timeout: 20_000 });
    // The map opens on every mission (the demo's around São Paulo too): the Campinas ones are one
    // cluster there; a click on it zooms to them (zoom 16, where clustering still holds).
    const campinas = dialog.locator('.cluster-icon').filter({ hasText: String(1 + SMALL + BIG) });
    await campinas.click();
    await dialog.locator('img.leaflet-tile-loaded[src*="/16/"]').first().waitFor({ timeout: 10_000 });

    // Recolouring after the first draw (the mean of the clusters on screen) may still be under way.
    await expect.poll(async () => (await drawnClusters(page)).map((c) => `${c.count} ${c.colour}`).sort(), { timeout: 10_000 }).toEqual([`${SMALL} blue`, `${BIG} red`]);
    const clusters = await drawnClusters(page);
    const mean = clusters.reduce((sum, c) => sum + c.count, 0) / clusters.length;
    for (const cluster of clusters) {
      const colour = cluster.count > Math.max(10, mean) ? 'red' : 'blue';
      expect(cluster.colour, `cluster of ${cluster.count}`).toBe(colour);
      expect(cluster.background, `cluster of ${cluster.count}`).toBe(RGB[colour]);
    }
    // The lone mission is a pin of its own.
    expect(await drawnPins(page)).toBe(1);

    // Zoom in with the map's own control (the stub's tiles name the level drawn): from 17 on
    // clustering is off, and the big cluster has fallen apart into its pins.
    // Leaflet drops a zoom asked while the previous one still animates (its tiles may load first),
    // so each click waits for the map pane to stop animating.
    const zoomIn = dialog.getByRole('button', { name: 'Zoom in' });
    const animating = dialog.locator('.leaflet-map-pane.leaflet-zoom-anim');
    for (const zoom of [17]) {
      await expect.poll(() => animating.count(), { timeout: 10_000 }).toBe(0);
      await zoomIn.click();
      await dialog.locator(`img.leaflet-tile-loaded[src*="/${zoom}/"]`).first().waitFor();
    }
    await expect.poll(async () => (await drawnClusters(page)).map((c) => c.count), { timeout: 10_000 }).toEqual([]);
    expect(await drawnPins(page)).toBeGreaterThanOrEqual(BIG);

    expect(outside).toEqual([]);
    expect(violations).toEqual([]);
    await page.close();
  });
  test("opens on all its missions, each pin in its status's colour with a legend; tiles out of reach are said, the pins kept", async () => {
    const page = await e2e.newPage('map-fit-tiles');
    const origin = new URL(e2e.url).origin;
    // No tile server answers: a grey box alone would read as a broken screen.
    await page.route((url) => url.origin !== origin, (route) => route.abort());
    await e2e.logIn(page, 'gestor@demo.com.br');
    await page.getByRole('button', { name: 'Mapa', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Mapa de missões abertas e iniciadas' });
    const said = dialog.getByText(/^(\d+) missões no mapa/);
    await said.waitFor({ timeout: 20_000 });
    const total = Number(/^(\d+)/.exec((await said.textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThan(1);
    await dialog.getByText(MAP_TILES_FAILED).waitFor({ timeout: 20_000 });
    // Every mission counted is in view, as a pin of its own or inside a cluster's count.
    const map = await dialog.locator('.leaflet-container').boundingBox();
    await expect
      .poll(
        () =>
          dialog.locator('.mission-pin, .cluster-icon').evaluateAll((icons, box) => {
            let shown = 0;
            for (const icon of icons) {
              const r = icon.getBoundingClientRect();
              const inside = box && r.left >= box.x && r.right <= box.x + box.width && r.top >= box.y && r.bottom <= box.y + box.height;
              if (inside) shown += icon.classList.contains('cluster-icon') ? Number(icon.textContent) : 1;
            }
            return shown;
          }, map),
        { timeout: 10_000 },
      )
      .toBe(total);
    // The demo's missions around São Paulo lie apart at this zoom: their pins tell open from
    // started by colour, as the legend says.
    const pins = await dialog.locator('.mission-pin svg').evaluateAll((svgs) => svgs.map((svg) => `${svg.dataset.status ?? ''} ${svg.querySelector('path')?.getAttribute('fill') ?? ''}`));
    const colourOf = new Map(pins.map((pin) => pin.split(' ') as [string, string]));
    expect([...colourOf.keys()].sort()).toEqual(['open', 'started']);
    expect(colourOf.get('open')).not.toBe(colourOf.get('started'));
    const legend = dialog.getByRole('complementary', { name: 'Legenda do mapa' });
    expect(await legend.textContent()).toContain('Solicitado');
    expect(await legend.textContent()).toContain('Em andamento');
    // The message stays while the pins are drawn over the grey.
    expect(await dialog.getByText(MAP_TILES_FAILED).isVisible()).toBe(true);
    await page.close();
  });
});
