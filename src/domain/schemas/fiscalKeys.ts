/**
 * The access keys of a mission's cargo documents (docs/rules/fiscal-documents.md): one list per
 * kind, checked by the same schema in the mission forms and on the server. A list may be sent as
 * an array of keys or, from the forms' text boxes, as one text with a key per line (or separated by
 * commas or semicolons); each key is stored normalised (validators/fiscalKey.ts).
 */
import { array, type InferType } from 'yup';
import { fiscalKeyInvalid, fiscalKeyRepeated, fiscalKeysTooMany, INVALID_TYPE } from '../messages';
import { FISCAL_KIND_LABELS, fiscalKeyProblem, normalizeFiscalKey, type FiscalKind } from '../validators/fiscalKey';
import { group, strictString } from './fields';

/** At most this many keys of each kind on one mission: a truck's load, not a warehouse's. */
export const MAX_FISCAL_KEYS = 50;

/** Each key's room before normalisation: 44 characters and the spaces or dots between its groups. */
const MAX_TYPED_KEY = 100;

const splitLines = (_value: unknown, raw: unknown) =>
  typeof raw === 'string' ? raw.split(/[\n,;]+/).filter((part) => part.trim() !== '') : raw;

function keyList(kind: FiscalKind) {
  const label = FISCAL_KIND_LABELS[kind];
  return array(
    strictString()
      .max(MAX_TYPED_KEY, fiscalKeyInvalid(label, 'texto longo demais'))
      .transform((v: unknown) => (typeof v === 'string' ? normalizeFiscalKey(v) : v))
      .required(INVALID_TYPE),
  )
    .transform(splitLines)
    .typeError(INVALID_TYPE)
    .nonNullable(INVALID_TYPE)
    .max(MAX_FISCAL_KEYS, fiscalKeysTooMany(label, MAX_FISCAL_KEYS))
    .default([])
    .test({
      name: 'invalid_fiscal_key',
      test(keys, context) {
        if (!keys) return true;
        for (const [i, key] of keys.entries()) {
          // A key of the wrong type is answered by its own item's check.
          if (typeof key !== 'string') continue;
          const problem = fiscalKeyProblem(key, kind);
          if (problem) return context.createError({ message: fiscalKeyInvalid(label, problem, keys.length > 1 ? i + 1 : undefined) });
        }
        if (new Set(keys).size !== keys.length) return context.createError({ message: fiscalKeyRepeated(label) });
        return true;
      },
    });
}

/** The three lists; a missing one is empty. */
export const fiscalKeysSchema = group({ nfe: keyList('nfe'), cte: keyList('cte'), mdfe: keyList('mdfe') });
export type FiscalKeys = InferType<typeof fiscalKeysSchema>;
