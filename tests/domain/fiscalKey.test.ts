import { describe, expect, it } from 'vitest';
import { fiscalKeysSchema, MAX_FISCAL_KEYS } from '../../src/domain/schemas/fiscalKeys';
import { validate } from '../../src/domain/validate';
import { fiscalKeyCheckDigit, fiscalKeyProblem, formatFiscalKey, normalizeFiscalKey } from '../../src/domain/validators/fiscalKey';

// cUF 35, AAMM 2611, the issuer's CNPJ, model, series 001, number 000012345, tpEmis 1, code 12345678, DV.
const NUMERIC = { nfe: '35261111222333000181550010000123451123456788', cte: '35261111222333000181570010000123451123456785', mdfe: '35261111222333000181580010000123451123456789' };
// The Receita Federal's alphanumeric CNPJ example 12.ABC.345/01DE-35 as the issuer.
const ALPHA = { nfe: '35261112ABC34501DE35550010000123451123456789', cte: '35261112ABC34501DE35570010000123451123456786', mdfe: '35261112ABC34501DE35580010000123451123456780' };

/** The check digit as the NF-e manual writes it: weights 4, 3, 2, 9 … 2 over the first 43 characters, value = ASCII − 48. */
function manualDigit(first43: string): string {
  const weights = [4, 3, 2, ...Array.from({ length: 5 }, () => [9, 8, 7, 6, 5, 4, 3, 2]).flat()];
  const sum = [...first43].reduce((total, char, i) => total + (char.charCodeAt(0) - 48) * (weights[i] ?? 0), 0);
  const rest = sum % 11;
  return String(rest < 2 ? 0 : 11 - rest);
}

describe('fiscal access keys', () => {
  it('accepts the NF-e manual example key', () => {
    expect(fiscalKeyProblem('35080599999090910270550010000000015180051273', 'nfe')).toBeNull();
  });

  it('accepts NF-e, CT-e and MDF-e keys with a numeric or an alphanumeric issuer CNPJ', () => {
    for (const keys of [NUMERIC, ALPHA]) {
      expect(fiscalKeyProblem(keys.nfe, 'nfe')).toBeNull();
      expect(fiscalKeyProblem(keys.cte, 'cte')).toBeNull();
      expect(fiscalKeyProblem(keys.mdfe, 'mdfe')).toBeNull();
      for (const key of Object.values(keys)) expect(fiscalKeyCheckDigit(key.slice(0, 43))).toBe(manualDigit(key.slice(0, 43)));
    }
  });

  it('refuses a wrong check digit, the wrong model, a wrong length and foreign characters', () => {
    expect(fiscalKeyProblem(`${NUMERIC.nfe.slice(0, 43)}9`, 'nfe')).toBe('o dígito verificador não confere');
    expect(fiscalKeyProblem(`${ALPHA.nfe.slice(0, 43)}0`, 'nfe')).toBe('o dígito verificador não confere');
    expect(fiscalKeyProblem(NUMERIC.cte, 'nfe')).toBe('o modelo (posições 21–22) deve ser 55');
    expect(fiscalKeyProblem(NUMERIC.nfe, 'mdfe')).toBe('o modelo (posições 21–22) deve ser 58');
    expect(fiscalKeyProblem(NUMERIC.nfe.slice(1), 'nfe')).toBe('deve ter 44 caracteres (tem 43)');
    expect(fiscalKeyProblem(`${NUMERIC.nfe}1`, 'nfe')).toBe('deve ter 44 caracteres (tem 45)');
    expect(fiscalKeyProblem(`#${NUMERIC.nfe.slice(1)}`, 'nfe')).toBe('use apenas números e letras');
  });

  it('normalises spaces, dots and lower case, and formats in groups of four', () => {
    const typed = formatFiscalKey(ALPHA.nfe).toLowerCase().replace(' ', '.');
    expect(normalizeFiscalKey(typed)).toBe(ALPHA.nfe);
    expect(formatFiscalKey(NUMERIC.nfe)).toBe('3526 1111 2223 3300 0181 5500 1000 0123 4511 2345 6788');
  });
});

describe('fiscal keys schema', () => {
  it('stores each list normalised, from an array or from one key per line', async () => {
    const result = await validate(fiscalKeysSchema, { nfe: formatFiscalKey(NUMERIC.nfe).toLowerCase(), cte: [` ${ALPHA.cte} `], mdfe: `${NUMERIC.mdfe}\n\n${ALPHA.mdfe}` });
    expect(result).toEqual({ ok: true, value: { nfe: [NUMERIC.nfe], cte: [ALPHA.cte], mdfe: [NUMERIC.mdfe, ALPHA.mdfe] } });
    expect(await validate(fiscalKeysSchema, {})).toEqual({ ok: true, value: { nfe: [], cte: [], mdfe: [] } });
  });

  it('answers in Portuguese which key is wrong and why', async () => {
    const wrongModel = await validate(fiscalKeysSchema, { nfe: [NUMERIC.cte] });
    expect(wrongModel.ok || wrongModel.issues).toEqual([expect.objectContaining({ path: 'nfe', message: 'Chave de NF-e inválida: o modelo (posições 21–22) deve ser 55' })]);
    const second = await validate(fiscalKeysSchema, { cte: [NUMERIC.cte, `${NUMERIC.cte.slice(0, 43)}0`] });
    expect(second.ok || second.issues).toEqual([expect.objectContaining({ path: 'cte', message: 'Chave de CT-e inválida (2ª): o dígito verificador não confere' })]);
    const repeated = await validate(fiscalKeysSchema, { mdfe: [NUMERIC.mdfe, formatFiscalKey(NUMERIC.mdfe)] });
    expect(repeated.ok || repeated.issues).toEqual([expect.objectContaining({ path: 'mdfe', message: 'Chave de MDF-e repetida' })]);
    const many = await validate(fiscalKeysSchema, { nfe: Array.from({ length: MAX_FISCAL_KEYS + 1 }, () => NUMERIC.nfe) });
    expect(many.ok || many.issues.map((i) => i.message)).toContain(`Informe no máximo ${MAX_FISCAL_KEYS} chaves de NF-e`);
    const wrongType = await validate(fiscalKeysSchema, { nfe: [44] });
    expect(wrongType.ok).toBe(false);
  });
});
