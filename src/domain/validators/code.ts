import { RESET_CODE_INVALID } from '../messages';

/**
 * The 6-digit codes the server e-mails ("Esqueci a senha", and the login of an account past its
 * budget): typed as digits only, checked here before any request (docs/rules/validation.md: 'Código inválido').
 */
export const CODE_LENGTH = 6;
const CODE = new RegExp(`^\\d{${CODE_LENGTH}}$`);

export const validateCode = (code: string): string | undefined => (CODE.test(code) ? undefined : RESET_CODE_INVALID);
