/**
 * Bodies that carry a file (docs/decisions/one-contract-per-endpoint.md): a multipart form — its
 * text fields, described from the shared yup schema the handler checks them with, and its file
 * part — or a file sent as the body itself. The contract describes them for the document (a
 * generated client, or a proxy that checks requests against the document, must accept an
 * upload), but Fastify never checks them: the handler reads the body from the request's stream
 * (server/missions/uploads.ts), so a 10 MB file is never held whole to be validated, and its
 * refusals keep their Portuguese messages (server/http/schemaValidators.ts).
 */
import type { AnySchema } from 'yup';
import { CHECKED_IN_HANDLER } from './fromSchema';
import { jsonSchemaOf } from './jsonSchemaOf';

/** CHECKED_IN_HANDLER's value for a body the handler reads from the stream: Fastify checks nothing of it. */
export const STREAMED = 'fluxo';

export const MULTIPART = 'multipart/form-data';

/** A file the server accepts: the media types its bytes may be, and its size limit where there is one. */
export interface FileRule {
  readonly description: string;
  readonly mediaTypes: readonly string[];
  readonly maxBytes?: number;
}

declare const SENT_AS: unique symbol;

/** A body carrying a file, described by media type; the client sends it as `Sent` (FormData, Blob). */
export type StreamedBody<Sent> = {
  readonly content: { readonly [mediaType: string]: { readonly schema: { readonly [keyword: string]: unknown } } };
  readonly [SENT_AS]: Sent;
};

/** What the client sends for a body carrying a file. */
export type SentBody<B> = B extends StreamedBody<infer Sent> ? Sent : never;

/** The file as the document shows it: binary, with the size the server accepts. */
const binary = ({ description, maxBytes }: FileRule) => ({
  type: 'string',
  format: 'binary',
  description,
  ...(maxBytes === undefined ? {} : { 'x-bytes-maximos': maxBytes }),
});

/**
 * A multipart/form-data body: the text fields `fields` describes (the handler validates them with
 * it), then the file parts by name (`required` when the call is refused without one).
 */
export function multipartBody(form: {
  readonly description: string;
  readonly fields: AnySchema;
  readonly files: { readonly [name: string]: FileRule & { readonly required: boolean } };
}): StreamedBody<FormData> {
  const fields = jsonSchemaOf(form.fields) as { properties?: object; required?: readonly string[] };
  const files = Object.entries(form.files);
  const schema = {
    type: 'object',
    description: form.description,
    // A form's part names no media type in the schema: the accepted ones go beside the binary.
    properties: { ...fields.properties, ...Object.fromEntries(files.map(([name, rule]) => [name, { ...binary(rule), 'x-tipos-aceitos': rule.mediaTypes }])) },
    required: [...(fields.required ?? []), ...files.filter(([, rule]) => rule.required).map(([name]) => name)],
    [CHECKED_IN_HANDLER]: STREAMED,
  };
  return { content: { [MULTIPART]: { schema } } } as unknown as StreamedBody<FormData>;
}

/** A file sent as the body itself, with its media type as the request's Content-Type (one entry per accepted type). */
export function fileBody(rule: FileRule): StreamedBody<Blob> {
  const schema = { ...binary(rule), [CHECKED_IN_HANDLER]: STREAMED };
  return { content: Object.fromEntries(rule.mediaTypes.map((mediaType) => [mediaType, { schema }])) } as unknown as StreamedBody<Blob>;
}
