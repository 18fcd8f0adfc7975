/**
 * The billing form schema (docs/rules/billing.md): the price reference and the four money amounts, with
 * their Portuguese messages; wrong types and control characters are refused as the server's 400.
 */
import { describe, expect, it } from 'vitest';
import {
  BILLING_ADDITIONS_REQUIRED,
  BILLING_DISCOUNTS_REQUIRED,
  BILLING_EXPENSES_REQUIRED,
  BILLING_FRANCHISE_REQUIRED,
  BILLING_TOLL_REQUIRED,
  CONTROL_CHARACTERS_NOT_ALLOWED,
  INVALID_NUMBER,
  INVALID_TYPE,
  maxValue,
  minValue,
} from '../../src/domain/messages';
import { billingSchema, MAX_INT } from '../../src/domain/schemas';
import { validateSync } from '../../src/domain/validate';

const ID = 'a'.repeat(24);
const VALID = { franchise: ID, others: { toll: 700, expenses: 2000, additions: 0, discounts: 150 } };

const issuesOf = (input: unknown) => {
  const result = validateSync(billingSchema, input);
  return result.ok ? [] : result.issues;
};
const withOther = (field: string, value: unknown) => ({ ...VALID, others: { ...VALID.others, [field]: value } });

const MONEY: [string, string][] = [
  ['toll', BILLING_TOLL_REQUIRED],
  ['expenses', BILLING_EXPENSES_REQUIRED],
  ['additions', BILLING_ADDITIONS_REQUIRED],
  ['discounts', BILLING_DISCOUNTS_REQUIRED],
];

describe('billing form schema', () => {
  it('accepts a price reference and four amounts in cents, dropping anything else', () => {
    expect(validateSync(billingSchema, { ...VALID, finalCost: 1, others: { ...VALID.others, extra: 'x' } })).toEqual({
      ok: true,
      value: VALID,
    });
  });

  it('says every missing field in Portuguese at once', () => {
    expect(issuesOf({ others: {} })).toEqual([
      { code: 'too_small', path: 'franchise', message: BILLING_FRANCHISE_REQUIRED },
      { code: 'too_small', path: 'others.toll', message: BILLING_TOLL_REQUIRED },
      { code: 'too_small', path: 'others.expenses', message: BILLING_EXPENSES_REQUIRED },
      { code: 'too_small', path: 'others.additions', message: BILLING_ADDITIONS_REQUIRED },
      { code: 'too_small', path: 'others.discounts', message: BILLING_DISCOUNTS_REQUIRED },
    ]);
  });

  it.each(MONEY)('%s: emptied input or null is missing; negative, fractional, too large or of another type is refused', (field, required) => {
    const at = (value: unknown) => issuesOf(withOther(field, value));
    const path = `others.${field}`;
    expect(at('')).toEqual([{ code: 'too_small', path, message: required }]);
    expect(at(Number.NaN)).toEqual([{ code: 'too_small', path, message: required }]);
    expect(at(-1)).toEqual([{ code: 'too_small', path, message: minValue(0) }]);
    expect(at(MAX_INT + 1)).toEqual([{ code: 'too_big', path, message: maxValue(MAX_INT) }]);
    expect(at(10.5)).toEqual([{ code: 'invalid_type', path, message: INVALID_NUMBER }]);
    for (const wrong of ['12', 'R$ 7,00', true, [], {}, [12]]) {
      expect(at(wrong), JSON.stringify(wrong)).toEqual([{ code: 'invalid_type', path, message: INVALID_TYPE }]);
    }
    expect(at(null)).toEqual([{ code: 'too_small', path, message: required }]);
    expect(at(0)).toEqual([]);
  });

  it('franchise: must be an id; control characters and other types are refused', () => {
    const at = (value: unknown) => issuesOf({ ...VALID, franchise: value });
    expect(at('  ')).toEqual([{ code: 'too_small', path: 'franchise', message: BILLING_FRANCHISE_REQUIRED }]);
    expect(at('tabela 1')).toEqual([{ code: 'invalid_id', path: 'franchise', message: BILLING_FRANCHISE_REQUIRED }]);
    for (const bad of ['a\u0000b', `${ID}\u0007`, '\u001b[31m', 'a\u007fb']) {
      expect(at(bad), JSON.stringify(bad)).toEqual([
        { code: 'invalid_string', path: 'franchise', message: CONTROL_CHARACTERS_NOT_ALLOWED },
      ]);
    }
    for (const wrong of [12, true, [], { _id: ID }]) {
      expect(at(wrong), JSON.stringify(wrong)).toEqual([{ code: 'invalid_type', path: 'franchise', message: INVALID_TYPE }]);
    }
    expect(validateSync(billingSchema, { ...VALID, franchise: ` ${ID} ` })).toEqual({ ok: true, value: VALID });
  });

  it('refuses others and bodies that are not objects', () => {
    for (const wrong of [[], 'x', 1]) {
      expect(issuesOf({ ...VALID, others: wrong })).toEqual([{ code: 'invalid_type', path: 'others', message: INVALID_TYPE }]);
      expect(issuesOf(wrong)).toEqual([{ code: 'invalid_type', path: '', message: INVALID_TYPE }]);
    }
    expect(issuesOf({ ...VALID, others: null })).toEqual([{ code: 'too_small', path: 'others', message: INVALID_TYPE }]);
  });
});
