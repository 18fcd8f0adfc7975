/** Fixed texts of the generated screens (pt-BR). */
export const EMPTY_LIST_TEXT = 'Nenhum registro encontrado';
/** The text of a failed list load, beside its retry button. */
export const LOAD_ERROR_TEXT = 'Não foi possível carregar os registros.';
export const RETRY_TEXT = 'Tentar novamente';

export const countText = (total: number): string => (total === 1 ? '1 registro' : `${total} registros`);

/** The toast after a save or delete when the declaration names none (docs/rules/messages.md). */
export const DEFAULT_SUCCESS_MESSAGE = 'Salvo com sucesso';
