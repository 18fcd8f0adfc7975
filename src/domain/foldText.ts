/**
 * How a text filter compares texts (docs/rules/screens.md, Filtrar): without accents and case, so 'sao' finds
 * 'São'; masked values (CNPJ, phones) also without their layout, as people copy them from
 * elsewhere. The browser filters whole lists with these; the server folds the needle of the lists
 * it pages the same way (server/shared/pagedList.ts).
 */

/** Lower-case without accents, so 'sao' finds 'São'. */
export const fold = (text: string): string =>
  text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase('pt-BR');

/** Letters and digits only, folded: a masked value as typed without its layout. */
export const unmasked = (text: string): string => fold(text).replace(/[^\p{L}\p{N}]/gu, '');
