/**
 * A photo as it leaves the phone (docs/rules/field-app.md, "Fotos do local"): made smaller
 * (downscalePhoto.ts), with when it was taken — the camera's EXIF date, else the file's date — and,
 * for a photo just taken, where the phone is. A picture from the gallery taken long ago gets no
 * position: where the phone is now says nothing of where it was then.
 */
import type { DevicePoint } from '../../layout/address/devicePosition';
import { downscalePhoto, isPhoto, type ImageCodec } from './downscalePhoto';
import { fileCaptureTime } from './exifCaptureTime';

/** A photo taken this recently is placed where the phone is now. */
export const FRESH_PHOTO_MS = 10 * 60_000;

export interface PhotoCapture {
  /** What is sent: the photo made smaller, or the file as it was. */
  file: File;
  /** ISO instant; null for a file that is no photo. */
  capturedAt: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface CaptureDeps {
  codec: ImageCodec;
  /** The phone's position, or null when it is not allowed or not to be had. */
  position: () => Promise<DevicePoint | null>;
  now?: () => Date;
  maxSide?: number;
}

export async function capturePhoto(file: File, { codec, position, now = () => new Date(), maxSide }: CaptureDeps): Promise<PhotoCapture> {
  if (!isPhoto(file)) return { file, capturedAt: null, latitude: null, longitude: null };
  const taken = (await fileCaptureTime(file)) ?? new Date(file.lastModified);
  const fresh = Math.abs(now().getTime() - taken.getTime()) <= FRESH_PHOTO_MS;
  const [small, point] = await Promise.all([downscalePhoto(file, { codec, maxSide }), fresh ? position() : Promise.resolve(null)]);
  return { file: small, capturedAt: taken.toISOString(), latitude: point?.lat ?? null, longitude: point?.lng ?? null };
}
