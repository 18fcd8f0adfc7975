/** CEP (zip): 8 digits, shown 00000-000. */

export const normalizeCep = (input: string): string => input.replace(/[\s.-]/g, '');

export const isValidCep = (input: string): boolean => /^\d{8}$/.test(normalizeCep(input));
