import { describe, expect, it } from 'vitest';
import { plainText } from '../../src/domain/plainText';

describe('plainText', () => {
  it('keeps strings, writes numbers and booleans as JavaScript does, and empties null and undefined', () => {
    expect(plainText('São Paulo')).toBe('São Paulo');
    expect(plainText(10)).toBe('10');
    expect(plainText(false)).toBe('false');
    expect(plainText(null)).toBe('');
    expect(plainText(undefined)).toBe('');
  });

  it('writes objects and arrays as JSON, never [object Object]', () => {
    expect(plainText({ city: 'Recife' })).toBe('{"city":"Recife"}');
    expect(plainText(['a', 1])).toBe('["a",1]');
  });
});
