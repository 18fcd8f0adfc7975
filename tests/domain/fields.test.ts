/**
 * The shared field builders carry the general rules of docs/rules/validation.md (not-empty trimmed, boolean
 * required, select required, CNPJ, phone): what a form and the server both answer.
 */
import { describe, expect, it } from 'vitest';
import { object } from 'yup';
import { activeField, cnpjField, idRef, optionalPhone, requiredPhone, requiredText } from '../../src/domain/schemas/fields';
import { validateSync } from '../../src/domain/validate';
import { NOT_EMPTY } from '../../src/domain/messages';

const ID = 'a'.repeat(24);
const check = (field: Parameters<typeof object>[0], value: unknown) => validateSync(object(field), { v: value });
const messageOf = (result: ReturnType<typeof validateSync>) => (result.ok ? undefined : result.issues[0]?.message);

describe('general field rules', () => {
  it("not-empty trims: blank → 'Preenchimento obrigatório'", () => {
    expect(messageOf(check({ v: requiredText(NOT_EMPTY) }, '   '))).toBe('Preenchimento obrigatório');
    expect(messageOf(check({ v: requiredText(NOT_EMPTY) }, undefined))).toBe('Preenchimento obrigatório');
    expect(check({ v: requiredText(NOT_EMPTY) }, ' a ')).toEqual({ ok: true, value: { v: 'a' } });
  });

  it("boolean required: 'Campo obrigatório' unless true or false", () => {
    expect(messageOf(check({ v: activeField() }, undefined))).toBe('Campo obrigatório');
    expect(messageOf(check({ v: activeField() }, null))).toBe('Campo obrigatório');
    expect(check({ v: activeField() }, false)).toEqual({ ok: true, value: { v: false } });
  });

  it("select required: nullish or '' → 'Selecione ao menos uma opção'", () => {
    for (const value of [null, undefined, '']) expect(messageOf(check({ v: idRef() }, value))).toBe('Selecione ao menos uma opção');
    expect(check({ v: idRef() }, ID).ok).toBe(true);
  });

  it("CNPJ: stored unformatted and upper-case, 'CNPJ inválido' when wrong", () => {
    const field = { v: cnpjField('Preencha o CNPJ') };
    expect(check(field, '12.abc.345/01de-35')).toEqual({ ok: true, value: { v: '12ABC34501DE35' } });
    expect(messageOf(check(field, '11.222.333/0001-82'))).toBe('CNPJ inválido');
    expect(messageOf(check(field, ''))).toBe('Preencha o CNPJ');
  });

  it("phones: 10–13 digits (country code 55), stored unformatted, 'Celular inválido' otherwise; optional ones may be blank", () => {
    const required = { v: requiredPhone('Preencha o contato') };
    expect(check(required, '(11) 98888-7777')).toEqual({ ok: true, value: { v: '11988887777' } });
    expect(check(required, '+55 (11) 3333-4444')).toEqual({ ok: true, value: { v: '551133334444' } });
    expect(messageOf(check(required, '119888877771'))).toBe('Celular inválido');
    expect(messageOf(check(required, '(11) 3333-444'))).toBe('Celular inválido');
    expect(messageOf(check(required, ''))).toBe('Preencha o contato');
    expect(check({ v: optionalPhone() }, '')).toEqual({ ok: true, value: { v: null } });
    expect(messageOf(check({ v: optionalPhone() }, '11a88887777'))).toBe('Celular inválido');
  });
});
