import { FILE_TYPES } from '../../src/domain/fileAnswer';

/**
 * What a stored file is, decided from its bytes (docs/architecture.md: "checked by content (magic bytes)"),
 * never from the name or the Content-Type the client sent: a renamed HTML page is refused.
 */
export type FileType = 'png' | 'jpeg' | 'webp' | 'gif' | 'pdf' | 'svg';

/** The media type each stored type is sent with: the contracts' own names (src/domain/fileAnswer.ts). */
export const MIME_OF = {
  png: FILE_TYPES.png,
  jpeg: FILE_TYPES.jpeg,
  webp: FILE_TYPES.webp,
  gif: FILE_TYPES.gif,
  pdf: FILE_TYPES.pdf,
  svg: FILE_TYPES.svg,
} as const satisfies Record<FileType, string>;

export type StoredMime = (typeof MIME_OF)[FileType];

/** The extension a stored file gets (its generated name ends with it). */
export const EXTENSION_OF: Record<FileType, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', gif: 'gif', pdf: 'pdf', svg: 'svg' };

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The binary types, told by their first bytes (at most 16 needed). */
export function binaryType(bytes: Buffer): FileType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  return null;
}

/**
 * Anything in an SVG that can run code or pull content from elsewhere: scripts, event-handler
 * attributes, foreignObject (HTML inside the image), javascript:/data: links, external
 * references through href, entity declarations (entity expansion) and CSS imports.
 */
const SVG_DANGERS = [
  /<\s*script/i,
  /\son[a-z]+\s*=/i,
  /<\s*foreignObject/i,
  /javascript\s*:/i,
  /<!ENTITY/i,
  /<!DOCTYPE/i,
  /@import/i,
  /href\s*=\s*(["']\s*)?[^"'#\s]/i,
  /<\s*(iframe|embed|object|audio|video|handler|listener)\b/i,
];

/** True for a UTF-8 text whose root element is <svg> and that holds none of SVG_DANGERS. */
export function isSafeSvg(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  const text = bytes.toString('utf8');
  // Invalid UTF-8 decodes to U+FFFD: not a text file we can reason about.
  if (text.includes('\uFFFD')) return false;
  const body = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '')
    .trimStart();
  if (!/^<svg[\s>]/i.test(body)) return false;
  return !SVG_DANGERS.some((danger) => danger.test(text));
}
