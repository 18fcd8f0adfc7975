/**
 * The access key (chave de acesso) of a cargo's NF-e, CT-e and MDF-e (docs/rules/fiscal-documents.md):
 * 44 characters — cUF(2) AAMM(4) the issuer's CNPJ or CPF(14) model(2) series(3) number(9)
 * emission type(1) numeric code(8) check digit(1). The issuer's CNPJ may be alphanumeric, so the
 * characters are [0-9A-Z] and the check digit is the CNPJ's mod 11 over the first 43 (mod11.ts).
 */
import { mod11CheckDigit } from './mod11';

/** The three documents a mission's cargo travels with, by the model the key carries. */
export const FISCAL_KINDS = ['nfe', 'cte', 'mdfe'] as const;
export type FiscalKind = (typeof FISCAL_KINDS)[number];

export const FISCAL_KIND_LABELS: Record<FiscalKind, string> = { nfe: 'NF-e', cte: 'CT-e', mdfe: 'MDF-e' };

/** The model (positions 21–22) each document's key carries. */
export const FISCAL_KIND_MODEL: Record<FiscalKind, string> = { nfe: '55', cte: '57', mdfe: '58' };

export const FISCAL_KEY_LENGTH = 44;

/**
 * Strips what people type between the groups (spaces, dots, hyphens, slashes) and upper-cases
 * letters; anything else is kept so that it makes the key invalid instead of vanishing.
 */
export const normalizeFiscalKey = (input: string): string => input.replace(/[\s./-]/g, '').toUpperCase();

/** The key in groups of four, as DANFEs print it ('3526 1112 3456 …'). */
export const formatFiscalKey = (key: string): string => key.replace(/(.{4})(?=.)/g, '$1 ');

/** The check digit of the first 43 characters (upper case, [0-9A-Z]). */
export const fiscalKeyCheckDigit = (first43: string): string => String(mod11CheckDigit(first43));

/** Why a normalised key is not one of `kind`'s (the Portuguese reason after 'Chave de NF-e inválida: '), or null. */
export function fiscalKeyProblem(key: string, kind: FiscalKind): string | null {
  if (key.length !== FISCAL_KEY_LENGTH) return `deve ter ${FISCAL_KEY_LENGTH} caracteres (tem ${key.length})`;
  if (!/^[0-9A-Z]+$/.test(key)) return 'use apenas números e letras';
  const model = FISCAL_KIND_MODEL[kind];
  if (key.slice(20, 22) !== model) return `o modelo (posições 21–22) deve ser ${model}`;
  if (fiscalKeyCheckDigit(key.slice(0, 43)) !== key.slice(43)) return 'o dígito verificador não confere';
  return null;
}
