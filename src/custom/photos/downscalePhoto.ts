/**
 * Photos are made smaller on the phone before they are sent (docs/rules/field-app.md, "Fotos do
 * local"): a 12-megapixel camera picture is 3 to 6 MB, minutes of upload on one bar of signal, and
 * twice the storage; at PHOTO_MAX_SIDE px on the longest side it keeps every detail a report needs.
 * Other files (PDFs, an animated GIF, an SVG) and pictures already small enough go untouched.
 */

/** A decoded picture: its size, and what a canvas draws it from. */
export interface DecodedImage {
  readonly width: number;
  readonly height: number;
  readonly source: CanvasImageSource;
  close(): void;
}

/**
 * How pictures are read and written: the browser's decoder and canvas (browserImageCodec). The
 * tests give their own, as jsdom has neither.
 */
export interface ImageCodec {
  /** The picture, or null when the browser cannot read it. */
  decode(file: Blob): Promise<DecodedImage | null>;
  /** `image` drawn at width × height, as a JPEG of `quality` (0–1). */
  encode(image: DecodedImage, width: number, height: number, quality: number): Promise<Blob>;
}

/** The longest side, in pixels, a photo is sent with; VITE_PHOTO_MAX_SIDE changes it for a deployment. */
export const PHOTO_MAX_SIDE = Number(import.meta.env?.VITE_PHOTO_MAX_SIDE) > 0 ? Number(import.meta.env?.VITE_PHOTO_MAX_SIDE) : 1600;
/** JPEG quality: at 0.82 a 1600 px photo is a few hundred kB, with no blocks visible at full size. */
export const PHOTO_QUALITY = 0.82;

/** Camera and gallery pictures; not GIF (it may be animated) nor SVG (no pixels to shrink). */
const RASTER_PHOTOS = new Set(['image/jpeg', 'image/png', 'image/webp']);

export const isPhoto = (file: Blob): boolean => RASTER_PHOTOS.has(file.type);

/** The size that fits `maxSide` on the longest side, keeping the proportions (never below 1 px). */
export function fittedSize(width: number, height: number, maxSide: number): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

const jpegName = (name: string) => `${name.replace(/\.[^./\\]*$/, '') || 'foto'}.jpg`;

export interface DownscaleOptions {
  codec: ImageCodec;
  maxSide?: number;
  quality?: number;
}

/** `file` at most `maxSide` px on its longest side, as a JPEG; the file itself when it is no photo, or small enough. */
export async function downscalePhoto(file: File, { codec, maxSide = PHOTO_MAX_SIDE, quality = PHOTO_QUALITY }: DownscaleOptions): Promise<File> {
  if (!isPhoto(file)) return file;
  const image = await codec.decode(file).catch(() => null);
  if (!image) return file;
  try {
    const size = fittedSize(image.width, image.height, maxSide);
    if (size.width === image.width && size.height === image.height) return file;
    const blob = await codec.encode(image, size.width, size.height, quality);
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    // A canvas out of memory on an old phone: the photo goes as it was rather than not at all.
    return file;
  } finally {
    image.close();
  }
}

/**
 * The browser's codec: createImageBitmap turns the picture upright as its EXIF orientation says,
 * and the canvas writes the JPEG (a white background under a transparent PNG, as JPEG has none).
 * Re-encoding drops the EXIF block, the phone's position with it: what is kept travels as the
 * attachment's own fields.
 */
export const browserImageCodec: ImageCodec = {
  async decode(file) {
    if (typeof createImageBitmap !== 'function') return null;
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { width: bitmap.width, height: bitmap.height, source: bitmap, close: () => bitmap.close() };
  },
  async encode(image, width, height, quality) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('canvas 2d indisponível');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image.source, 0, 0, width, height);
    return new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas sem JPEG'))), 'image/jpeg', quality),
    );
  },
};
