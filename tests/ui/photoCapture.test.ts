/**
 * Photos made ready on the phone (docs/rules/field-app.md, "Fotos do local"): downscaled to the
 * configured longest side, other files untouched, the capture time read from the camera's EXIF
 * (else the file's date) and the position asked only for a photo just taken.
 *
 * jsdom decodes and draws no pictures, so the tests give the codec (the seam downscalePhoto.ts
 * declares): it reads a picture's size from a real PNG header and writes a real PNG header of the
 * size it is asked to draw, so the test reads the produced file's dimensions from its bytes.
 */
import { describe, expect, it, vi } from 'vitest';
import { captureText } from '../../src/domain/missionDetails/captureText';
import { downscalePhoto, fittedSize, PHOTO_MAX_SIDE, type DecodedImage, type ImageCodec } from '../../src/custom/photos/downscalePhoto';
import { exifCaptureTime } from '../../src/custom/photos/exifCaptureTime';
import { capturePhoto, FRESH_PHOTO_MS } from '../../src/custom/photos/photoCapture';

/** The first bytes of a PNG: signature and IHDR, whose width and height are big-endian at 16 and 20. */
function pngHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

async function pngSize(blob: Blob): Promise<{ width: number; height: number } | null> {
  const view = new DataView(await blob.slice(0, 24).arrayBuffer());
  if (view.byteLength < 24 || view.getUint32(12) !== 0x49484452) return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** A codec over PNG headers, counting what it was asked. */
function headerCodec() {
  const calls = { decoded: 0, encoded: [] as { width: number; height: number; quality: number }[], closed: 0 };
  const codec: ImageCodec = {
    async decode(file) {
      calls.decoded++;
      const size = await pngSize(file);
      if (!size) return null;
      const image: DecodedImage = { ...size, source: {} as CanvasImageSource, close: () => void calls.closed++ };
      return image;
    },
    encode(_image, width, height, quality) {
      calls.encoded.push({ width, height, quality });
      return Promise.resolve(new Blob([pngHeader(width, height)], { type: 'image/jpeg' }));
    },
  };
  return { codec, calls };
}

/** A picture file whose bytes start with a PNG header of that size, declared as `type`. */
const picture = (width: number, height: number, name = 'IMG_0001.png', type = 'image/png', lastModified = Date.UTC(2026, 4, 12, 17, 32)) =>
  new File([pngHeader(width, height), new Uint8Array(4096)], name, { type, lastModified });

describe('downscalePhoto', () => {
  it('brings a 4000 × 3000 camera picture to 1600 × 1200 by default, as a JPEG with its name and date', async () => {
    const { codec, calls } = headerCodec();
    const original = picture(4000, 3000, 'IMG_0001.jpeg', 'image/jpeg');
    const small = await downscalePhoto(original, { codec });
    expect(PHOTO_MAX_SIDE).toBe(1600);
    expect(await pngSize(small)).toEqual({ width: 1600, height: 1200 });
    expect(small).toMatchObject({ name: 'IMG_0001.jpg', type: 'image/jpeg', lastModified: original.lastModified });
    expect(calls.encoded).toEqual([{ width: 1600, height: 1200, quality: 0.82 }]);
    expect(calls.closed).toBe(1);
  });

  it('follows the configured side on the longest side, portrait included', async () => {
    const { codec } = headerCodec();
    expect(await pngSize(await downscalePhoto(picture(3000, 4000), { codec, maxSide: 1000 }))).toEqual({ width: 750, height: 1000 });
    expect(await pngSize(await downscalePhoto(picture(4032, 1), { codec, maxSide: 800 }))).toEqual({ width: 800, height: 1 });
    expect(fittedSize(1601, 900, 1600)).toEqual({ width: 1600, height: 899 });
  });

  it('leaves a small picture, a PDF, a GIF, an SVG and an unreadable picture untouched', async () => {
    const { codec, calls } = headerCodec();
    const small = picture(1600, 900);
    expect(await downscalePhoto(small, { codec })).toBe(small);
    expect(calls.closed).toBe(1);
    for (const file of [
      new File(['%PDF-1.4'], 'nota.pdf', { type: 'application/pdf' }),
      picture(4000, 3000, 'anim.gif', 'image/gif'),
      new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
    ]) {
      expect(await downscalePhoto(file, { codec })).toBe(file);
    }
    expect(calls.decoded).toBe(1);
    const unreadable = new File([new Uint8Array(64)], 'x.jpg', { type: 'image/jpeg' });
    expect(await downscalePhoto(unreadable, { codec })).toBe(unreadable);
    expect(calls.encoded).toEqual([]);
  });

  it('sends the picture as it was when the canvas fails, and frees the decoded picture', async () => {
    const { codec, calls } = headerCodec();
    const failing: ImageCodec = { ...codec, encode: () => Promise.reject(new Error('sem memória')) };
    const big = picture(4000, 3000);
    expect(await downscalePhoto(big, { codec: failing })).toBe(big);
    expect(calls.closed).toBe(1);
  });
});

/** A JPEG head with an EXIF block holding DateTimeOriginal (and OffsetTimeOriginal when given), in either byte order. */
function jpegWithExif(date: string, offset: string | null, little: boolean): Uint8Array<ArrayBuffer> {
  const tiff = new DataView(new ArrayBuffer(128));
  const u16 = (at: number, v: number) => tiff.setUint16(at, v, little);
  const u32 = (at: number, v: number) => tiff.setUint32(at, v, little);
  const text = (at: number, s: string) => [...s].forEach((c, i) => tiff.setUint8(at + i, c.charCodeAt(0)));
  tiff.setUint16(0, little ? 0x4949 : 0x4d4d);
  u16(2, 42);
  u32(4, 8);
  // IFD0 at 8: one entry, the Exif IFD pointer.
  u16(8, 1);
  u16(10, 0x8769);
  u16(12, 4);
  u32(14, 1);
  u32(18, 26);
  // Exif IFD at 26.
  const entries = offset ? 2 : 1;
  u16(26, entries);
  u16(28, 0x9003);
  u16(30, 2);
  u32(32, 20);
  u32(36, 80);
  if (offset) {
    u16(40, 0x9011);
    u16(42, 2);
    u32(44, 7);
    u32(48, 104);
    text(104, offset);
  }
  text(80, date);
  const exif = new Uint8Array([0x45, 0x78, 0x69, 0x66, 0, 0, ...new Uint8Array(tiff.buffer)]);
  const length = exif.length + 2;
  return new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xe1, length >> 8, length & 0xff, ...exif, 0xff, 0xda, 0, 2]);
}

describe('the capture time from EXIF', () => {
  it('reads DateTimeOriginal in both byte orders, with the phone\'s zone when written', () => {
    const withZone = exifCaptureTime(jpegWithExif('2026:05:12 14:32:07', '-03:00', true).buffer);
    expect(withZone?.toISOString()).toBe('2026-05-12T17:32:07.000Z');
    const motorola = exifCaptureTime(jpegWithExif('2026:05:12 14:32:07', '+01:00', false).buffer);
    expect(motorola?.toISOString()).toBe('2026-05-12T13:32:07.000Z');
    // No zone written: the phone's own zone, the same device reading it.
    expect(exifCaptureTime(jpegWithExif('2026:05:12 14:32:07', null, true).buffer)?.getTime()).toBe(new Date(2026, 4, 12, 14, 32, 7).getTime());
  });

  it('has none for a JPEG without EXIF, a camera with no clock set, or bytes that are no JPEG', () => {
    expect(exifCaptureTime(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]).buffer)).toBeNull();
    expect(exifCaptureTime(jpegWithExif('0000:00:00 00:00:00', null, true).buffer)).toBeNull();
    expect(exifCaptureTime(pngHeader(10, 10).buffer)).toBeNull();
    const cut = jpegWithExif('2026:05:12 14:32:07', null, true).slice(0, 40);
    expect(exifCaptureTime(cut.buffer)).toBeNull();
  });
});

describe('capturePhoto', () => {
  const now = new Date(Date.UTC(2026, 4, 12, 17, 35));
  const point = { lat: -23.5505, lng: -46.6333 };

  it('a photo just taken: smaller, its time, and the phone\'s position', async () => {
    const { codec } = headerCodec();
    const position = vi.fn(() => Promise.resolve(point));
    const file = picture(4000, 3000, 'IMG_0001.jpg', 'image/jpeg', now.getTime() - 3 * 60_000);
    const photo = await capturePhoto(file, { codec, position, now: () => now });
    expect(await pngSize(photo.file)).toEqual({ width: 1600, height: 1200 });
    expect(photo).toMatchObject({ capturedAt: '2026-05-12T17:32:00.000Z', latitude: -23.5505, longitude: -46.6333 });
    expect(position).toHaveBeenCalledOnce();
    expect(captureText(photo)).toMatch(/^Foto de 12\/05\/2026 \d\d:32 · -23,5505, -46,6333$/);
  });

  it('a photo from the gallery taken long ago keeps its EXIF time and gets no position', async () => {
    const { codec } = headerCodec();
    const position = vi.fn(() => Promise.resolve(point));
    const head = jpegWithExif('2026:05:10 08:00:00', '-03:00', true);
    const file = new File([head], 'antiga.jpg', { type: 'image/jpeg', lastModified: now.getTime() });
    const photo = await capturePhoto(file, { codec, position, now: () => now });
    expect(photo).toMatchObject({ capturedAt: '2026-05-10T11:00:00.000Z', latitude: null, longitude: null });
    expect(position).not.toHaveBeenCalled();
    expect(FRESH_PHOTO_MS).toBe(10 * 60_000);
  });

  it('a PDF goes as it is, with no capture; a refused position leaves the photo without one', async () => {
    const { codec } = headerCodec();
    const position = vi.fn(() => Promise.resolve(null));
    const pdf = new File(['%PDF-1.4'], 'nota.pdf', { type: 'application/pdf' });
    expect(await capturePhoto(pdf, { codec, position, now: () => now })).toEqual({ file: pdf, capturedAt: null, latitude: null, longitude: null });
    expect(position).not.toHaveBeenCalled();
    const photo = await capturePhoto(picture(800, 600, 'a.png', 'image/png', now.getTime()), { codec, position, now: () => now });
    expect(photo).toMatchObject({ capturedAt: now.toISOString(), latitude: null, longitude: null });
    expect(captureText(photo)).toMatch(/^Foto de 12\/05\/2026 \d\d:35$/);
  });
});
