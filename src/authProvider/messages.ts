import type { LoginSecondStep } from '../domain/apiErrors';
import { TOO_MANY_ATTEMPTS } from '../domain/messages';

/** Auth texts of docs/rules/messages.md ("Auth codes", "Password reset"), verbatim. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Usuário ou senha inválidos',
  invalidRoleType: 'Tipo de usuário inválido',
  invalidToken: 'Tivemos um erro inesperado ao tentar logar, tente novamente mais tarde',
  other: 'Não foi possível realizar o login, tente novamente mais tarde',
  /** Answer 429 of the login rate limit: the app's one 429 text. */
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

/**
 * What the login page says at each second step after the password. The
 * server answers a right and a wrong password alike there, so the text cannot promise the e-mail.
 */
export const SECOND_STEP_TEXTS: Record<LoginSecondStep, { explanation: string; invalid: string }> = {
  emailCode: {
    explanation:
      'Esta conta recebeu muitas tentativas de acesso com a senha errada. Por segurança, se a senha estiver certa, ' +
      'enviamos um código para o seu e-mail: digite-o abaixo. Se ele não chegar em alguns minutos, volte e confira a senha.',
    invalid: 'Código de verificação inválido',
  },
  twoFactorCode: {
    explanation: 'Verificação em duas etapas: digite o código de 6 dígitos do seu aplicativo autenticador.',
    invalid: 'Código inválido ou já usado. Confira o aplicativo autenticador e tente de novo.',
  },
};

/** The login of an account whose risk manager requires a second factor it does not have yet. */
export const TWO_FACTOR_SETUP_TEXT =
  'A sua gerenciadora exige a verificação em duas etapas para o seu perfil. Configure-a agora para entrar: ' +
  'leia o QR code com um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, Authy…) e digite o código que ele mostrar.';

/**
 * Thrown by authProvider.login when the server asks for a second step (`refused` false; `message`
 * explains it) or refuses the value given for it (`refused` true; `message` says so).
 */
export class SecondStepError extends Error {
  readonly step: LoginSecondStep;
  readonly refused: boolean;
  /** The second factor must first be set up (TWO_FACTOR_SETUP_REQUIRED): its first code then goes as the step's value. */
  readonly setup: boolean;
  constructor(step: LoginSecondStep, refused: boolean, setup = false) {
    super(setup ? TWO_FACTOR_SETUP_TEXT : refused ? SECOND_STEP_TEXTS[step].invalid : SECOND_STEP_TEXTS[step].explanation);
    this.name = 'SecondStepError';
    this.step = step;
    this.refused = refused;
    this.setup = setup;
  }
}
