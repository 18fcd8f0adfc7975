/**
 * When a JPEG photo was taken, from its EXIF DateTimeOriginal (docs/rules/field-app.md, "Fotos do
 * local"): read from the file's first bytes without a library, as only this one field is wanted.
 * The camera writes the phone's local time; OffsetTimeOriginal, when the phone wrote it, says which
 * zone, else the zone of the device reading it (the same phone, in the field).
 */

/** Where EXIF lives: the APP1 segment near the start of the file. */
const HEAD_BYTES = 128 * 1024;
const TAG_EXIF_IFD = 0x8769;
const TAG_DATE_TIME_ORIGINAL = 0x9003;
const TAG_OFFSET_TIME_ORIGINAL = 0x9011;
const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})/;
const ZONE = /^([+-])(\d{2}):(\d{2})$/;

/** The TIFF block of the APP1 Exif segment, or null when the file is no JPEG or has none. */
function tiffBlock(bytes: DataView): DataView | null {
  if (bytes.byteLength < 4 || bytes.getUint16(0) !== 0xffd8) return null;
  let at = 2;
  while (at + 4 <= bytes.byteLength && bytes.getUint8(at) === 0xff) {
    const marker = bytes.getUint8(at + 1);
    const length = bytes.getUint16(at + 2);
    // Start of scan: the picture itself, no metadata after it.
    if (marker === 0xda || length < 2) return null;
    const body = at + 4;
    const isExif = marker === 0xe1 && body + 6 <= bytes.byteLength && bytes.getUint32(body) === 0x45786966 && bytes.getUint16(body + 4) === 0;
    if (isExif) return new DataView(bytes.buffer, bytes.byteOffset + body + 6, Math.min(length - 8, bytes.byteLength - body - 6));
    at += 2 + length;
  }
  return null;
}

interface Tiff {
  view: DataView;
  little: boolean;
}

/** The entries of the IFD at `offset`: tag → where its 4-byte value field is. */
function entries({ view, little }: Tiff, offset: number): Map<number, number> {
  const found = new Map<number, number>();
  if (offset + 2 > view.byteLength) return found;
  const count = view.getUint16(offset, little);
  for (let i = 0; i < count; i++) {
    const entry = offset + 2 + i * 12;
    if (entry + 12 > view.byteLength) break;
    found.set(view.getUint16(entry, little), entry + 8);
  }
  return found;
}

/** An ASCII value (EXIF type 2): its count tells its length; longer than 4 bytes, it lies at an offset. */
function ascii(tiff: Tiff, valueField: number | undefined): string | null {
  if (valueField === undefined) return null;
  const count = tiff.view.getUint32(valueField - 4, tiff.little);
  const start = count <= 4 ? valueField : tiff.view.getUint32(valueField, tiff.little);
  if (start + count > tiff.view.byteLength) return null;
  let text = '';
  for (let i = 0; i < count; i++) {
    const code = tiff.view.getUint8(start + i);
    if (code === 0) break;
    text += String.fromCharCode(code);
  }
  return text;
}

/** The capture instant the bytes record, or null (no JPEG, no EXIF, no date, a date that is none). */
export function exifCaptureTime(head: ArrayBuffer): Date | null {
  try {
    const block = tiffBlock(new DataView(head));
    if (!block || block.byteLength < 8) return null;
    const order = block.getUint16(0);
    if (order !== 0x4949 && order !== 0x4d4d) return null;
    const tiff: Tiff = { view: block, little: order === 0x4949 };
    const exifField = entries(tiff, block.getUint32(4, tiff.little)).get(TAG_EXIF_IFD);
    if (exifField === undefined) return null;
    const exif = entries(tiff, block.getUint32(exifField, tiff.little));
    const parts = EXIF_DATE.exec(ascii(tiff, exif.get(TAG_DATE_TIME_ORIGINAL)) ?? '');
    if (!parts) return null;
    const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [number, number, number, number, number, number];
    const zone = ZONE.exec(ascii(tiff, exif.get(TAG_OFFSET_TIME_ORIGINAL)) ?? '');
    const date = zone
      ? new Date(Date.UTC(year, month - 1, day, hour, minute, second) - (zone[1] === '-' ? -1 : 1) * (Number(zone[2]) * 60 + Number(zone[3])) * 60_000)
      : new Date(year, month - 1, day, hour, minute, second);
    // A camera without a set clock writes zeros or nonsense ("0000:00:00 00:00:00").
    return Number.isFinite(date.getTime()) && year >= 1990 && month >= 1 && day >= 1 ? date : null;
  } catch {
    return null;
  }
}

/** The capture time of `file` from its EXIF, or null. */
export async function fileCaptureTime(file: Blob): Promise<Date | null> {
  if (file.type !== 'image/jpeg') return null;
  return exifCaptureTime(await file.slice(0, HEAD_BYTES).arrayBuffer());
}
