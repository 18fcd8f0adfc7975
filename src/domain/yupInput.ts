/**
 * What a caller may send for a shared yup schema (src/domain/contract.ts): yup's InferType is the
 * value after validation, every default filled in, so a field with a default reads as required; the
 * caller may leave such a field out (the interface never sends a status change's provider when
 * there is none, and the server reads null). Yup declares no input type, so it is made here from
 * the output and the schema's defaults. Types only.
 */
import type { AnySchema, InferType } from 'yup';

/**
 * Whether a default stands in for a missing value: any default but undefined; an object's default
 * (yup builds it from its fields') only when every field of it has one.
 */
type FilledIn<D> = [D] extends [undefined]
  ? false
  : D extends readonly unknown[] | Date
    ? true
    : D extends object
      ? { [K in keyof D]-?: FilledIn<D[K]> }[keyof D] extends true
        ? true
        : false
      : true;

type DefaultOf<D, K> = D extends object ? (K extends keyof D ? D[K] : undefined) : undefined;

type Simplify<T> = { [K in keyof T]: T[K] };

type InputOf<Out, D> = Out extends Date | readonly unknown[]
  ? Out
  : Out extends object
    ? Simplify<
        { [K in keyof Out as FilledIn<DefaultOf<D, K>> extends true ? never : K]: InputOf<Out[K], DefaultOf<D, K>> } & {
          [K in keyof Out as FilledIn<DefaultOf<D, K>> extends true ? K : never]?: InputOf<Out[K], DefaultOf<D, K>>;
        }
      >
    : Out;

/** The value a caller may send for schema `S`: its output, each field with a default optional. */
export type YupInput<S extends AnySchema> = InputOf<InferType<S>, S['__default']>;
