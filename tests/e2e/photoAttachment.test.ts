/**
 * A photo from the camera in Chromium (docs/rules/field-app.md, "Fotos do local"): at 390 px the
 * holding provider takes a 4000 × 3000 picture; the browser's own decoder and canvas make it
 * 1600 × 1200 before it leaves, and it is stored with its capture time and the phone's position,
 * which the Anexos tab shows. Taken without signal, the photo waits in the device's outbox
 * (IndexedDB, "Nada se perde sem sinal"), survives a reload of the app still offline, and is sent
 * exactly once when the signal returns.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { MissionDetailsResponse } from '../../src/domain/missionDetails';
import { heldStartedMission, useE2eServer } from './harness';

const e2e = useE2eServer();

/** Width and height from a JPEG's start-of-frame segment. */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xc3) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return null;
}

/** A picture of `width` × `height` made by the browser itself (a noisy gradient, so the JPEG is a real photo's size). */
async function cameraPicture(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('sem canvas');
      const gradient = context.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, '#2a6');
      gradient.addColorStop(1, '#a26');
      context.fillStyle = gradient;
      context.fillRect(0, 0, width, height);
      for (let i = 0; i < 4000; i++) {
        context.fillStyle = `hsl(${i % 360} 60% 50%)`;
        context.fillRect((i * 7919) % width, (i * 104729) % height, 40, 40);
      }
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.95));
      if (!blob) throw new Error('sem JPEG');
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (const byte of bytes) text += String.fromCharCode(byte);
      return btoa(text);
    },
    { width, height },
  );
  return Buffer.from(base64, 'base64');
}

/** The outbox's entries on the phone's IndexedDB: each action's kind and, for a file, its size. */
const keptOnPhone = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ kind: string; fileSize: number | null }[]>((resolve, reject) => {
        const open = indexedDB.open('prontaResposta.outbox');
        open.onerror = () => reject(new Error('IndexedDB'));
        open.onsuccess = () => {
          const request = open.result.transaction('actions', 'readonly').objectStore('actions').getAll();
          request.onsuccess = () =>
            resolve(
              (request.result as { action: { kind: string; file?: Blob } }[]).map(({ action }) => ({
                kind: action.kind,
                fileSize: action.file instanceof Blob ? action.file.size : null,
              })),
            );
        };
      }),
  );

describe('a photo attached from the phone', () => {
  test('goes downscaled by the browser, with its capture time and position', { timeout: 180_000 }, async () => {
    const page = await e2e.newPage('photo-attachment', { width: 390, height: 844 });
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation({ latitude: -23.5505, longitude: -46.6333 });
    await e2e.logIn(page, 'prestador@demo.com.br');
    const id = (await heldStartedMission(page))._id;

    const camera = await cameraPicture(page, 4000, 3000);
    expect(jpegSize(camera)).toEqual({ width: 4000, height: 3000 });

    await page.goto(`${e2e.url}/home/missions/${id}/details/started`);
    await page.getByRole('tab', { name: 'Anexos' }).click();
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Descrição').fill('Lacre E2E');
    await dialog.getByLabel('Foto da câmera').setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: camera });
    const picked = dialog.getByTestId('attachment-picked');
    await picked.waitFor();
    expect(await picked.textContent()).toMatch(/^IMG_0001\.jpg · Foto de \d\d\/\d\d\/\d{4} \d\d:\d\d · -23,5505, -46,6333$/);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    // At 390 px the table shows each attachment as a card: its Captura reads as the form said.
    await page.getByText(/^Foto de \d\d\/\d\d\/\d{4} \d\d:\d\d · -23,5505, -46,6333$/).waitFor();

    const stored = await page.evaluate(async (mission) => {
      const headers = { 'x-access-token': localStorage.getItem('prontaResposta.token') ?? '' };
      const details = (await (await fetch(`/api/missions/request/id/${mission}/details`, { headers })).json()) as MissionDetailsResponse;
      const attachment = details.attachments.find((a) => a.description === 'Lacre E2E');
      if (!attachment) throw new Error('anexo não gravado');
      const file = new Uint8Array(await (await fetch(`/api/storage/mission/attachments/${attachment.file}`, { headers })).arrayBuffer());
      let text = '';
      for (const byte of file) text += String.fromCharCode(byte);
      return { attachment, file: btoa(text) };
    }, id);
    const bytes = Buffer.from(stored.file, 'base64');
    expect(jpegSize(bytes)).toEqual({ width: 1600, height: 1200 });
    expect(bytes.length).toBeLessThan(camera.length);
    expect(stored.attachment).toMatchObject({ mime: 'image/jpeg', size: bytes.length, latitude: -23.5505, longitude: -46.6333 });
    expect(Math.abs(Date.parse(stored.attachment.capturedAt ?? '') - Date.now())).toBeLessThan(5 * 60_000);
  });

  test('taken without signal, it waits in IndexedDB through a reload and goes exactly once when the signal returns', { timeout: 240_000 }, async () => {
    const page = await e2e.newPage('photo-offline', { width: 390, height: 844 });
    await e2e.logIn(page, 'prestador@demo.com.br');
    // The shell must come from the service worker for the app to open again without signal.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    const id = (await heldStartedMission(page))._id;
    const description = `Lacre sem sinal ${Date.now()}`;
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
    });
    const camera = await cameraPicture(page, 1200, 900);

    await page.goto(`${e2e.url}/home/missions/${id}/details/started`);
    await page.getByRole('tab', { name: 'Anexos' }).click();
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Descrição').fill(description);
    await dialog.getByLabel('Foto da câmera').setInputFiles({ name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: camera });
    await dialog.getByTestId('attachment-picked').waitFor();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    const waiting = page.getByTestId('outbox-waiting');
    await expect.poll(() => waiting.textContent(), { timeout: 30_000 }).toBe('Aguardando conexão: 1 ação guardada no aparelho');

    // The app opened again with no signal: the photo comes back from IndexedDB, as the Blob it was.
    await page.reload();
    await expect.poll(() => waiting.textContent(), { timeout: 30_000 }).toBe('Aguardando conexão: 1 ação guardada no aparelho');
    const kept = await keptOnPhone(page);
    expect(kept).toEqual([{ kind: 'attachment', fileSize: expect.any(Number) as number }]);
    expect(kept[0]?.fileSize).toBeGreaterThan(0);
    const attachmentsPath = `/api/missions/${id}/attachments`;
    expect(posts.filter((p) => p === attachmentsPath)).toEqual([]);

    // The signal returns: the browser's `online` sends it, once.
    await page.context().setOffline(false);
    await waiting.waitFor({ state: 'detached', timeout: 60_000 });
    const stored = await page.evaluate(
      async ({ mission, description }) => {
        const headers = { 'x-access-token': localStorage.getItem('prontaResposta.token') ?? '' };
        const details = (await (await fetch(`/api/missions/request/id/${mission}/details`, { headers, cache: 'no-store' })).json()) as MissionDetailsResponse;
        return details.attachments.filter((a) => a.description === description).map((a) => ({ mime: a.mime, size: a.size }));
      },
      { mission: id, description },
    );
    expect(stored).toEqual([{ mime: 'image/jpeg', size: kept[0]?.fileSize }]);
    expect(posts.filter((p) => p === attachmentsPath)).toHaveLength(1);
    expect(await keptOnPhone(page)).toEqual([]);
    await page.close();
  });
});
