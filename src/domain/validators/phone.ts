/**
 * Brazilian phone (docs/rules/validation.md: "at least 10 digits"): area code plus 8 or 9 digits (10 or
 * 11 digits),
 * optionally after the country code 55 (12 or 13 digits), once the mask is stripped. The schemas
 * (src/domain/schemas/fields.ts) answer 'Celular inválido' for a present phone that fails.
 */

/**
 * Strips the mask characters ('(', ')', '-', '.', '+', spaces). Other characters are kept so that
 * they make the value invalid instead of being silently dropped. The one normalisation of phones:
 * the schemas store its result and the input mask (masks.ts) lays it out.
 */
export const normalizePhone = (input: string): string => input.replace(/[\s()\-.+]/g, '');

/** The country code a phone may start with. */
export const BRAZIL_CODE = '55';

const PHONE = new RegExp(`^(?:${BRAZIL_CODE})?\\d{10,11}$`);

export const isValidPhone = (input: string): boolean => PHONE.test(normalizePhone(input));

