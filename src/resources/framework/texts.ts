/** Fixed texts of the generated screens (pt-BR). */
export const EMPTY_LIST_TEXT = 'Nenhum registro encontrado';
/** Ours: the spec asks for a retry button but quotes no text for a failed list load. */
export const LOAD_ERROR_TEXT = 'Não foi possível carregar os registros.';
export const RETRY_TEXT = 'Tentar novamente';

export const countText = (total: number): string => (total === 1 ? '1 registro' : `${total} registros`);
