/**
 * The Receita Federal's mod-11 check digit, shared by the CNPJ (docs/rules/validation.md) and the
 * fiscal documents' access keys (docs/rules/fiscal-documents.md): each character weighs its value =
 * ASCII code − 48 (digits keep their value, A = 17 … Z = 42, as the alphanumeric CNPJ rule says),
 * times weights 2, 3, …, 9, 2, 3, … counted from the rightmost character; a remainder of 0 or 1
 * gives 0, any other 11 − remainder.
 */
export function mod11CheckDigit(chars: string): number {
  let sum = 0;
  for (let i = 0; i < chars.length; i++) {
    const weight = 2 + ((chars.length - 1 - i) % 8);
    sum += (chars.charCodeAt(i) - 48) * weight;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}
