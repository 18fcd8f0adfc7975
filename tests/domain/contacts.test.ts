import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidPhone, normalizePhone } from '../../src/domain/validators/phone';
import { isValidCep } from '../../src/domain/validators/cep';
import { isValidEmail, validateEmail } from '../../src/domain/validators/email';
import { maskCep, maskPhone, unmaskCep } from '../../src/domain/masks';
import { digitString } from './arbitraries';

describe('phone', () => {
  it('accepts 10 or 11 digits, masked or not', () => {
    expect(isValidPhone('(11) 98888-7777')).toBe(true);
    expect(isValidPhone('(11) 3333-4444')).toBe(true);
    expect(isValidPhone('11988887777')).toBe(true);
  });

  it('accepts the country code 55 before them (12 or 13 digits)', () => {
    expect(isValidPhone('+55 (11) 98888-7777')).toBe(true);
    expect(isValidPhone('551133334444')).toBe(true);
    expect(isValidPhone('5511988887777')).toBe(true);
  });

  it('rejects short, long, foreign-code or lettered numbers', () => {
    expect(isValidPhone('(11) 3333-444')).toBe(false);
    expect(isValidPhone('119888877771')).toBe(false); // 12 digits without 55
    expect(isValidPhone('4411988887777')).toBe(false);
    expect(isValidPhone('55119888877770')).toBe(false); // 14 digits
    expect(isValidPhone('11a88887777')).toBe(false);
  });

  it('masks (00) 0000-0000 for 10 digits and (00) 00000-0000 for 11, progressively', () => {
    expect(maskPhone('1133334444')).toBe('(11) 3333-4444');
    expect(maskPhone('11988887777')).toBe('(11) 98888-7777');
    expect(maskPhone('119')).toBe('(11) 9');
    expect(maskPhone('11')).toBe('(11');
  });

  it('drops letters and other non-digits as they are typed', () => {
    expect(maskPhone('11a9b8888-7777x')).toBe('(11) 98888-7777');
    expect(maskPhone('abc')).toBe('');
    expect(maskPhone('(11) 3333-44x44')).toBe('(11) 3333-4444');
  });

  it('masks 12 and 13 digits with the +55 prefix, and stops at 13', () => {
    expect(maskPhone('551133334444')).toBe('+55 (11) 3333-4444');
    expect(maskPhone('5511988887777')).toBe('+55 (11) 98888-7777');
    expect(maskPhone('55119888877779999')).toBe('+55 (11) 98888-7777');
  });

  it('mask then strip gives the digits back', () => {
    fc.assert(
      fc.property(digitString(10, 11), fc.boolean(), (national, withCode) => {
        const digits = withCode ? `55${national}` : national;
        const masked = maskPhone(digits);
        expect(normalizePhone(masked)).toBe(digits);
        expect(isValidPhone(masked)).toBe(true);
      }),
    );
  });
});

describe('CEP', () => {
  it('checks 8 digits, with or without the hyphen', () => {
    expect(isValidCep('01310-100')).toBe(true);
    expect(isValidCep('01310100')).toBe(true);
    expect(isValidCep('0131010')).toBe(false);
    expect(isValidCep('01310-10a')).toBe(false);
  });

  it('masks 00000-000 and round-trips', () => {
    expect(maskCep('01310100')).toBe('01310-100');
    expect(maskCep('01310')).toBe('01310');
    expect(maskCep('013101')).toBe('01310-1');
    fc.assert(fc.property(digitString(8, 8), (cep) => unmaskCep(maskCep(cep)) === cep));
  });
});

describe('e-mail', () => {
  it('accepts text@text.text', () => {
    expect(isValidEmail('gestor@demo.com.br')).toBe(true);
    expect(isValidEmail('a@b.c')).toBe(true);
  });

  it("answers 'Formato de e-mail inválido' otherwise", () => {
    expect(validateEmail('gestor@demo')).toBe('Formato de e-mail inválido');
    expect(validateEmail('gestor demo@x.com')).toBe('Formato de e-mail inválido');
    expect(validateEmail('@x.com')).toBe('Formato de e-mail inválido');
    expect(validateEmail('gestor@demo.com')).toBeUndefined();
  });
});
