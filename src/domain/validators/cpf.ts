/** CPF: 11 digits, not all equal, two mod-11 check digits. */

export const normalizeCpf = (input: string): string => input.replace(/\D/g, '');

function checkDigit(digits: string, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** The two check digits of a 9-digit base. */
export function cpfCheckDigits(base: string): string {
  if (!/^\d{9}$/.test(base)) throw new Error('CPF base must be 9 digits');
  const first = checkDigit(base, 9);
  const second = checkDigit(base + first, 10);
  return `${first}${second}`;
}

/** True for a valid CPF, masked (000.000.000-00) or not. Other characters make it invalid. */
export function isValidCpf(input: string): boolean {
  if (!/^[\d.\-\s]*$/.test(input)) return false;
  const cpf = normalizeCpf(input);
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  return cpfCheckDigits(cpf.slice(0, 9)) === cpf.slice(9);
}
