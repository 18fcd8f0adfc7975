import { isHttpError } from '../../dataProvider/HttpError';

const FAILED = 'Não foi possível concluir. Tente novamente.';

/** What a failed call of the 'Integrações' tabs tells the person: the server's words in Portuguese, or a retry hint when it never answered. */
export const failureText = (error: unknown): string => (isHttpError(error) ? error.message : FAILED);
