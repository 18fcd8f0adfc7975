/**
 * A contract's FILE answer (docs/decisions/one-contract-per-endpoint.md): a PDF or a spreadsheet
 * instead of JSON. The contract states its media type and the document shows it as such; the
 * server sends the bytes or the stream itself (server/shared/sendFile.ts), never through the JSON
 * serializer, and the client reads it as a Blob (src/dataProvider/fileCall.ts). Types and plain
 * objects only: the browser uses it too.
 */
import type { FromSchema } from './fromSchema';

export const FILE_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export type FileType = (typeof FILE_TYPES)[keyof typeof FILE_TYPES];

const BINARY = { type: 'string', format: 'binary' } as const;

/** The response a file answer is described by: its media type and what the file holds. */
type DescribedFile<T extends FileType> = {
  readonly description: string;
  readonly content: { readonly [K in T]: { readonly schema: typeof BINARY } };
};

/** A file answer of any of the types (one type each). */
export type FileAnswerSchema = { [T in FileType]: DescribedFile<T> }[FileType];

/** A contract's success answer that is a file of type `type`. */
export const fileAnswer = <const T extends FileType>(type: T, description: string): DescribedFile<T> =>
  ({ description, content: { [type]: { schema: BINARY } } }) as DescribedFile<T>;

declare const FILE: unique symbol;

/**
 * A file answer's value: the Blob the client receives, marked with its media type, so no handler
 * can hand the serializer a value in its place (only a reply sent by sendFile answers it).
 */
export type FileBody<T extends FileType> = Blob & { readonly [FILE]: T };

/** The media type of a contract's success answer when it is a file, undefined for JSON or no body. */
export function fileTypeOf(responses: { readonly [status: number]: object }): FileType | undefined {
  const success = Object.entries(responses).find(([status]) => status.startsWith('2'))?.[1];
  return success && 'content' in success ? (Object.keys(success.content as object)[0] as FileType) : undefined;
}

/** The value of an answer: a file's body for a file answer, the schema's value otherwise. */
export type AnswerOf<S> = S extends DescribedFile<infer T extends FileType> ? FileBody<T> : FromSchema<S>;
