/**
 * A stored value as text for display, filtering and sorting: strings as they are, numbers and
 * booleans as JavaScript writes them, anything else as JSON (never '[object Object]').
 */
export function plainText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === undefined || value === null) return '';
  return JSON.stringify(value) ?? '';
}
