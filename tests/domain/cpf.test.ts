import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cpfCheckDigits, isValidCpf } from '../../src/domain/validators/cpf';
import { maskCpf, unmaskCpf } from '../../src/domain/masks';
import { validCpf, withDigitChanged } from './arbitraries';

describe('CPF worked examples', () => {
  it('accepts valid CPFs masked or not', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(cpfCheckDigits('529982247')).toBe('25');
  });

  it('rejects wrong digits, length, repeated digits and letters', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('529.982.247-2X')).toBe(false);
  });
});

describe('CPF properties', () => {
  it('generated CPFs pass', () => {
    fc.assert(fc.property(validCpf, (cpf) => isValidCpf(cpf)));
  });

  it('changing one check digit fails', () => {
    fc.assert(
      fc.property(validCpf, fc.integer({ min: 9, max: 10 }), fc.integer({ min: 1, max: 9 }), (cpf, index, shift) =>
        !isValidCpf(withDigitChanged(cpf, index, shift)),
      ),
    );
  });

  it('all-equal digits fail', () => {
    for (let d = 0; d <= 9; d++) expect(isValidCpf(String(d).repeat(11))).toBe(false);
  });

  it('mask then strip gives the digits back', () => {
    fc.assert(
      fc.property(validCpf, (cpf) => {
        const masked = maskCpf(cpf);
        expect(masked).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
        expect(unmaskCpf(masked)).toBe(cpf);
      }),
    );
  });
});
