import { TOO_MANY_ATTEMPTS } from '../domain/messages';

/** Auth texts of spec section 8 ("Auth codes", "Password reset"), verbatim. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Usuário ou senha inválidos',
  invalidRoleType: 'Tipo de usuário inválido',
  invalidToken: 'Tivemos um erro inesperado ao tentar logar, tente novamente mais tarde',
  other: 'Não foi possível realizar o login, tente novamente mais tarde',
  /** Answer 429 of the login rate limit: the app's one 429 text (ours: the spec has none). */
  tooManyAttempts: TOO_MANY_ATTEMPTS,
  verificationCodeError: 'Ocorreu um erro ao tentar enviar o código de verificação...',
  invalidResetCode: 'Código de verificação inválido',
  nonEqualPasswords: 'As senhas preenchidas devem ser iguais',
  genericError: 'Não foi possível realizar o reset da sua senha, tente novamente mais tarde',
  codeSent: 'Código de verificação enviado com sucesso',
  passwordReset: 'Senha resetada com sucesso',
} as const;

export type LoginErrorCode = 'invalidCredentials' | 'invalidRoleType' | 'invalidToken' | 'tooManyAttempts' | 'other';

/** Thrown by authProvider.login; `message` is the Portuguese text to show. */
export class LoginError extends Error {
  readonly code: LoginErrorCode;
  constructor(code: LoginErrorCode) {
    super(AUTH_MESSAGES[code]);
    this.name = 'LoginError';
    this.code = code;
  }
}
