import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * fold() and unmasked() (src/domain/foldText.ts) in SQL, for the lists that filter and sort texts in
 * the database (server/shared/pagedList.ts) and for the indexes that answer the monitoring search
 * (schema/missions.ts). Their constants are written into the statement, not sent as parameters:
 * an index on an expression serves a query only when the query's expression is the same one.
 */

type Expression = SQL | AnyColumn;

// Accented letters as the database stores them (composed and, for decomposed text, the combining
// marks dropped): the SQL twin of fold(), which needs no extension on PGlite or PostgreSQL.
const ACCENTED_LETTERS: Record<string, string> = {
  a: 'ÁÀÂÃÄÅáàâãäå',
  e: 'ÉÈÊËéèêë',
  i: 'ÍÌÎÏíìîï',
  o: 'ÓÒÔÕÖóòôõö',
  u: 'ÚÙÛÜúùûü',
  c: 'Çç',
  n: 'Ññ',
  y: 'Ýýÿ',
};
const COMBINING_MARKS = '\u0300\u0301\u0302\u0303\u0308\u030a\u0327';
const ACCENTED = sql.raw(`'${Object.values(ACCENTED_LETTERS).join('')}${COMBINING_MARKS}'`);
const PLAIN = sql.raw(
  `'${Object.entries(ACCENTED_LETTERS)
    .map(([plain, accented]) => plain.repeat([...accented].length))
    .join('')}'`,
);

/** A text lower-cased without accents, in SQL: an empty text is no text (sorted last, like the screen did). */
export const folded = (value: Expression): SQL => sql`translate(lower(nullif(${value}, '')), ${ACCENTED}, ${PLAIN})`;

/** A masked value (CNPJ, phone, plate) without its layout, in SQL: unmasked()'s twin. */
export const unmaskedSql = (value: Expression): SQL => sql`regexp_replace(lower(${value}), '[^a-z0-9]', '', 'g')`;
