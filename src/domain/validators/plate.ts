/** Vehicle plates: old format ABC-1234 (hyphen optional) or Mercosul ABC1D23. */

const OLD = /^[A-Z]{3}-?\d{4}$/;
const MERCOSUL = /^[A-Z]{3}\d[A-Z]\d{2}$/;

/** Upper-case first so 'abc1d23' typed before the blur normalisation is judged like the UI shows it. */
export function isValidPlate(input: string): boolean {
  const plate = input.trim().toUpperCase();
  return OLD.test(plate) || MERCOSUL.test(plate);
}
