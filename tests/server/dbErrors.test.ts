import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { HttpError } from '../../server/errors/httpErrors';
import { deleteOrConflict, IN_USE_MESSAGE, outOfRangeAnswer, pgErrorCode, writeOrReject } from '../../server/db/errors';

/** Constraint errors → HTTP answers, whether the driver error comes bare or wrapped by Drizzle. */

const pgError = (code: string) => Object.assign(new Error('violates constraint'), { code });
/** DrizzleQueryError's shape: no code of its own, the driver error as `cause`. */
const wrapped = (code: string) => Object.assign(new Error('Failed query: delete …'), { cause: pgError(code) });
const failing = (error: Error) => () => Promise.reject(error);

describe('pgErrorCode', () => {
  it('reads the SQLSTATE bare or from the cause chain, and ignores non-SQLSTATE codes', () => {
    expect(pgErrorCode(pgError('23503'))).toBe('23503');
    expect(pgErrorCode(wrapped('23001'))).toBe('23001');
    expect(pgErrorCode(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBeUndefined();
    expect(pgErrorCode(null)).toBeUndefined();
  });
});

describe('deleteOrConflict', () => {
  it.each(['23503', '23001'])('turns %s (bare or wrapped) into 409 with the in-use message', async (code) => {
    for (const error of [pgError(code), wrapped(code)]) {
      const rejection = await deleteOrConflict(failing(error)).catch((e: unknown) => e);
      expect(rejection).toBeInstanceOf(HttpError);
      expect(rejection).toMatchObject({ statusCode: 409, body: { error: IN_USE_MESSAGE } });
    }
  });

  it('passes other errors through and returns the deleted rows', async () => {
    const other = wrapped('40001');
    await expect(deleteOrConflict(failing(other))).rejects.toBe(other);
    await expect(deleteOrConflict(() => Promise.resolve([{ id: 'a' }]))).resolves.toEqual([{ id: 'a' }]);
  });
});

describe('writeOrReject', () => {
  it('answers 409 with the given message for unique violations and 400 for broken references', async () => {
    await expect(writeOrReject(failing(wrapped('23505')), 'CNPJ já cadastrado')).rejects.toMatchObject({ statusCode: 409, body: { error: 'CNPJ já cadastrado' } });
    await expect(writeOrReject(failing(pgError('23503')), 'x')).rejects.toMatchObject({ statusCode: 400 });
    await expect(writeOrReject(failing(pgError('23514')), 'x')).rejects.toMatchObject({ statusCode: 400 });
  });

  it("answers a duplicate catalogue name (a *_name_unique index) with 'Já existe um registro com este nome'", async () => {
    const duplicate = (constraint: string) => Object.assign(new Error('Failed query: insert …'), { cause: Object.assign(pgError('23505'), { constraint }) });
    await expect(writeOrReject(failing(duplicate('shippers_name_unique')), 'CNPJ já cadastrado')).rejects.toMatchObject({
      statusCode: 409,
      body: { error: 'Já existe um registro com este nome' },
    });
    await expect(writeOrReject(failing(duplicate('shippers_risk_manager_cnpj_idx')), 'CNPJ já cadastrado')).rejects.toMatchObject({
      statusCode: 409,
      body: { error: 'CNPJ já cadastrado' },
    });
  });
});

describe('numeric out of range (22003)', () => {
  it('an integer above int4 from the real database becomes a 400 with a Portuguese message', async () => {
    const database = await openDatabase({});
    try {
      const overflow = () => database.db.execute(sql`select ${2147483648}::int4 as n`);
      const raw = await overflow().catch((e: unknown) => e);
      expect(pgErrorCode(raw)).toBe('22003');
      const rejection = await writeOrReject(overflow, 'x').catch((e: unknown) => e);
      expect(rejection).toBeInstanceOf(HttpError);
      expect(rejection).toMatchObject({ statusCode: 400, body: { error: 'Valor numérico fora do limite permitido' } });
    } finally {
      await database.close();
    }
  });

  it('outOfRangeAnswer leaves other errors alone', () => {
    expect(outOfRangeAnswer(wrapped('22003'))).toMatchObject({ statusCode: 400 });
    expect(outOfRangeAnswer(wrapped('23505'))).toBeUndefined();
    expect(outOfRangeAnswer(new Error('x'))).toBeUndefined();
  });
});
