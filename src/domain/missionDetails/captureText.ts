import { formatDateTime } from '../validators/dates';
import { formatNumber } from '../validators/numbers';
import type { Attachment } from './types';

/** Four decimals of a degree: about 11 m, the precision of a phone's fix. */
const POSITION_DIGITS = 4;

/**
 * How a photo's capture reads beside it (docs/rules/field-app.md, "Fotos do local"): 'Foto de
 * 12/05/2026 14:32 · -23,5505, -46,6333', either part alone when only it is known; null when neither is.
 */
export function captureText({ capturedAt, latitude, longitude }: Pick<Attachment, 'capturedAt' | 'latitude' | 'longitude'>): string | null {
  const parts: string[] = [];
  if (capturedAt) parts.push(`Foto de ${formatDateTime(capturedAt)}`);
  if (latitude !== null && longitude !== null) parts.push(`${formatNumber(latitude, POSITION_DIGITS)}, ${formatNumber(longitude, POSITION_DIGITS)}`);
  return parts.length > 0 ? parts.join(' · ') : null;
}
