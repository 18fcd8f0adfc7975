/**
 * The one rounding of the billing calculus. Amounts are integer cents and usages integer minutes
 * or metres, so a price only needs rounding where it is divided by the unit it is quoted in
 * (60 minutes per hour, 1000 metres per km): that division rounds half up to the cent, once per
 * price-table row, and every sum after it is exact. The product is taken in BigInt because metres
 * × cents per km leaves the safe-integer range long before the database's int4 amounts do.
 */

/** Checks a non-negative integer amount (cents, metres, minutes) and returns it. */
export function wholeAmount(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a non-negative integer`);
  return value;
}

/** round_half_up(quantity × unitPrice / perUnit) for non-negative integers; exact. */
export function priceOf(quantity: number, unitPrice: number, perUnit: number): number {
  const numerator = BigInt(wholeAmount(quantity, 'quantity')) * BigInt(wholeAmount(unitPrice, 'unit price'));
  const divisor = BigInt(wholeAmount(perUnit, 'unit'));
  if (divisor === 0n) throw new RangeError('unit must be positive');
  // Half up for non-negative values: floor((2n + d) / 2d); BigInt division truncates, which is floor here.
  const cents = (2n * numerator + divisor) / (2n * divisor);
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount out of range');
  return Number(cents);
}
