/**
 * Money travels as integer cents; people read and type 'R$ 1.234,56' (dot thousands, comma
 * decimals, two forced decimals). Formatting is done by hand rather than with Intl because Intl
 * puts a no-break space after 'R$' and the product's prefix is 'R$ ' with a plain space.
 */

const PREFIX = 'R$ ';

/** 123456 → 'R$ 1.234,56'; -5 → '-R$ 0,05'. */
export function formatMoney(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError('money must be integer cents');
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const fraction = String(abs % 100).padStart(2, '0');
  return `${sign}${PREFIX}${units},${fraction}`;
}

const MONEY = /^(-)?(?:R\$)?\s*(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/;

/**
 * 'R$ 1.234,56', '1234,5', '1.234', '-R$ 3,00' → cents; null when the text is not money
 * (three decimals, misplaced dots, letters…).
 */
export function parseMoney(input: string): number | null {
  const match = MONEY.exec(input.trim().replace(/\u00a0/g, ' '));
  if (!match) return null;
  const [, minus, units = '', fraction = ''] = match;
  const cents = Number(units.replace(/\./g, '')) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return minus && cents !== 0 ? -cents : cents;
}
