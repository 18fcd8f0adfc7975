import { describe, expect, it } from 'vitest';
import { array, number, object, string, ValidationError } from 'yup';
import { issueCode, issuePath, validate, validateSync } from '../../src/domain/validate';

describe('validate / validateSync', () => {
  const schema = object({
    name: string().trim().required('Preencha o nome'),
    age: number().typeError('Valor inválido').min(18, 'Valor mínimo: 18').max(99, 'Valor máximo: 99'),
    kind: string().oneOf(['a', 'b'], 'Opção inválida'),
    email: string().email('Formato de e-mail inválido'),
    tags: array(object({ label: string().required('Preencha o rótulo') })),
    code: string().test({ name: 'invalid_code', message: 'Código inválido', test: (v) => !v || v === 'ok' }),
  });

  it('returns the cast value, unknown keys stripped by default', () => {
    const result = validateSync(schema, { name: '  Ana ', age: '20', extra: 'x' });
    expect(result).toEqual({ ok: true, value: { name: 'Ana', age: 20 } });
    const kept = validateSync(schema, { name: 'Ana', extra: 'x' }, { stripUnknown: false });
    expect(kept.ok && (kept.value as Record<string, unknown>).extra).toBe('x');
  });

  it('collects every issue (abortEarly false) with mapped codes and dotted paths', () => {
    const result = validateSync(schema, {
      name: '   ',
      age: 10,
      kind: 'z',
      email: 'nope',
      tags: [{ label: 'x' }, { label: '' }],
      code: 'bad',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual(
      expect.arrayContaining([
        { code: 'too_small', path: 'name', message: 'Preencha o nome' },
        { code: 'too_small', path: 'age', message: 'Valor mínimo: 18' },
        { code: 'invalid_enum_value', path: 'kind', message: 'Opção inválida' },
        { code: 'invalid_string', path: 'email', message: 'Formato de e-mail inválido' },
        { code: 'too_small', path: 'tags.1.label', message: 'Preencha o rótulo' },
        { code: 'invalid_code', path: 'code', message: 'Código inválido' },
      ]),
    );
    expect(result.issues).toHaveLength(6);
  });

  it('maps max to too_big and type errors to invalid_type', () => {
    const big = validateSync(schema, { name: 'a', age: 120 });
    expect(!big.ok && big.issues).toEqual([{ code: 'too_big', path: 'age', message: 'Valor máximo: 99' }]);
    const nan = validateSync(schema, { name: 'a', age: 'abc' });
    expect(!nan.ok && nan.issues).toEqual([{ code: 'invalid_type', path: 'age', message: 'Valor inválido' }]);
  });

  it('maps missing values (undefined, null) to too_small', () => {
    const s = object({ name: string().required('Falta') });
    for (const name of [undefined, null, '']) {
      const result = validateSync(s, { name });
      expect(!result.ok && result.issues).toEqual([{ code: 'too_small', path: 'name', message: 'Falta' }]);
    }
  });

  it('keeps only the first issue of a path', () => {
    const s = object({
      name: string()
        .min(3, 'Curto')
        .test({ name: 'no_digits', message: 'Sem números', test: (v) => !/\d/.test(v ?? '') }),
    });
    const result = validateSync(s, { name: '1' });
    expect(!result.ok && result.issues).toEqual([{ code: 'too_small', path: 'name', message: 'Curto' }]);
  });

  it('has an async variant with the same answers', async () => {
    expect(await validate(schema, { name: '' })).toEqual(validateSync(schema, { name: '' }));
    expect(await validate(schema, { name: 'x' })).toEqual({ ok: true, value: { name: 'x' } });
  });

  it('rethrows errors that are not validation errors', () => {
    const s = object({ n: string().test('boom', 'x', () => { throw new Error('boom'); }) });
    expect(() => validateSync(s, { n: 'a' })).toThrow('boom');
  });

  it('normalises paths and codes of single errors', () => {
    expect(issuePath('items[0].name')).toBe('items.0.name');
    expect(issuePath('["a.b"]')).toBe('a.b');
    expect(issuePath(undefined)).toBe('');
    expect(issueCode(new ValidationError('x', 'abc', 'p', 'length'))).toBe('too_big');
  });
});
