/**
 * A contract's FILE answer (docs/decisions/one-contract-per-endpoint.md): a PDF, a spreadsheet or
 * a stored file instead of JSON. The contract states its media type — or the types one stored file
 * may have (a mission attachment is a PDF or an image) — and the document shows them as such; the
 * server sends the bytes or the stream itself (server/shared/sendFile.ts), never through the JSON
 * serializer, and the client reads it as a Blob (src/dataProvider/fileCall.ts). Types and plain
 * objects only: the browser uses it too.
 */
import type { FromSchema } from './fromSchema';

export const FILE_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
} as const;

export type FileType = (typeof FILE_TYPES)[keyof typeof FILE_TYPES];

const BINARY = { type: 'string', format: 'binary' } as const;

/** The response a file answer is described by: its media types and what the file holds. */
type DescribedFile<T extends FileType> = {
  readonly description: string;
  readonly content: { readonly [K in T]: { readonly schema: typeof BINARY } };
};

/** A file answer of any of the types. */
export type FileAnswerSchema = {
  readonly description: string;
  readonly content: { readonly [K in FileType]?: { readonly schema: typeof BINARY } };
};

/** A contract's success answer that is a file of type `type`, or of one of the types listed. */
export const fileAnswer = <const T extends FileType>(types: T | readonly T[], description: string): DescribedFile<T> =>
  ({ description, content: Object.fromEntries([types].flat().map((type) => [type, { schema: BINARY }])) }) as DescribedFile<T>;

declare const FILE: unique symbol;

/**
 * A file answer's value: the Blob the client receives, marked with its media type, so no handler
 * can hand the serializer a value in its place (only a reply sent by sendFile answers it).
 */
export type FileBody<T extends FileType> = Blob & { readonly [FILE]: T };

/** The media types of a contract's success answer when it is a file, none for JSON or no body. */
export function fileTypesOf(responses: { readonly [status: number]: object }): FileType[] {
  const success = Object.entries(responses).find(([status]) => status.startsWith('2'))?.[1];
  return success && 'content' in success ? (Object.keys(success.content as object) as FileType[]) : [];
}

/** The value of an answer: a file's body for a file answer, the schema's value otherwise. */
export type AnswerOf<S> = S extends DescribedFile<infer T extends FileType> ? FileBody<T> : FromSchema<S>;
