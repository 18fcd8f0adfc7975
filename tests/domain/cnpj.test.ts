import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, isValidCnpj, normalizeCnpj } from '../../src/domain/validators/cnpj';
import { maskCnpj } from '../../src/domain/masks';
import { anyCnpj, alphanumericCnpj, numericCnpj, withDigitChanged } from './arbitraries';

describe('CNPJ worked examples', () => {
  it('accepts a numeric CNPJ masked or not', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
  });

  it('accepts the Receita Federal alphanumeric example, in any letter case', () => {
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12abc34501de35')).toBe(true);
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });

  it('rejects wrong check digits, wrong length, all-equal and foreign characters', () => {
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('112223330001810')).toBe(false);
    expect(isValidCnpj('11111111111111')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    // Letters are not allowed in the check-digit positions.
    expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
    // Non-mask characters make it invalid rather than being dropped.
    expect(isValidCnpj('11#222333000181')).toBe(false);
  });

  it('masks progressively, upper-cased, at most 14 characters', () => {
    expect(maskCnpj('12abc')).toBe('12.ABC');
    expect(maskCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskCnpj('12.ABC.345/01DE-3599')).toBe('12.ABC.345/01DE-35');
    // A foreign character stays visible (and invalid) rather than vanishing.
    expect(maskCnpj('11#2')).toBe('11.#2');
  });
});

describe('CNPJ properties', () => {
  it('generated numeric and alphanumeric CNPJs pass', () => {
    fc.assert(fc.property(numericCnpj, (cnpj) => isValidCnpj(cnpj)));
    fc.assert(fc.property(alphanumericCnpj, (cnpj) => isValidCnpj(cnpj) && isValidCnpj(cnpj.toLowerCase())));
  });

  it('changing one check digit fails', () => {
    fc.assert(
      fc.property(anyCnpj, fc.integer({ min: 12, max: 13 }), fc.integer({ min: 1, max: 9 }), (cnpj, index, shift) =>
        !isValidCnpj(withDigitChanged(cnpj, index, shift)),
      ),
    );
  });

  it('all-equal digits fail', () => {
    for (let d = 0; d <= 9; d++) expect(isValidCnpj(String(d).repeat(14))).toBe(false);
  });

  it('mask then strip gives the characters back', () => {
    fc.assert(
      fc.property(anyCnpj, (cnpj) => {
        const masked = maskCnpj(cnpj);
        expect(masked).toMatch(/^[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}$/);
        expect(normalizeCnpj(masked)).toBe(cnpj);
        expect(isValidCnpj(masked)).toBe(true);
      }),
    );
  });
});
