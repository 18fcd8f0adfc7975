import { LOGIN_CODES } from './loginBudget';
import { RESET_CODES } from './resetCodes';

/** The e-mails of the auth service; `publicUrl` (PUBLIC_URL) is where people reach the app, so the links work for them. */
const linkTo = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`;

export const RESET_MAIL_SUBJECT = 'Código de verificação para redefinir sua senha';

export function resetMailText(name: string, code: string, publicUrl: string): string {
  return [
    `Olá, ${name}.`,
    '',
    `Seu código de verificação para redefinir a senha é: ${code}`,
    '',
    `Informe-o em ${linkTo(publicUrl, '/forget-password')}`,
    '',
    `O código é válido por ${RESET_CODES.ttlMs / 60000} minutos e pode ser usado uma única vez.`,
    'Se você não pediu a redefinição da senha, ignore esta mensagem.',
  ].join('\n');
}

export const ATTACK_NOTICE_SUBJECT = 'Tentativas de acesso à sua conta';

/** Sent once when the account runs out of login budget (server/auth/loginBudget.ts), at most once a day. */
export function attackNoticeText(name: string, publicUrl: string): string {
  return [
    `Olá, ${name}.`,
    '',
    'Sua conta recebeu muitas tentativas de entrar com a senha errada, vindas de vários endereços.',
    'Por segurança, enquanto isso durar, entrar na conta exige também um código que enviaremos para',
    'este e-mail quando a senha certa for informada.',
    '',
    `Se não foi você, recomendamos trocar a senha em ${linkTo(publicUrl, '/forget-password')}`,
  ].join('\n');
}

export const LOGIN_CODE_SUBJECT = 'Código para entrar na sua conta';

/** Sent when the right password is given to an account past its login budget. */
export function loginCodeText(name: string, code: string, publicUrl: string): string {
  return [
    `Olá, ${name}.`,
    '',
    'A senha certa da sua conta acaba de ser informada, e a conta está recebendo muitas tentativas',
    `de acesso com a senha errada. Para entrar, informe também este código: ${code}`,
    '',
    `O código é válido por ${LOGIN_CODES.ttlMs / 60000} minutos e pode ser usado uma única vez.`,
    'Se não foi você quem tentou entrar agora, outra pessoa conhece a sua senha: troque-a já em',
    linkTo(publicUrl, '/forget-password'),
  ].join('\n');
}
