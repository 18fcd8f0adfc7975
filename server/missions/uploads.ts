import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { cleanFileName, FILE_TOO_LARGE, MISSION_FILE_MAX_BYTES, ONE_FILE_ONLY } from '../../src/domain/missionDetails';
import { maxLength } from '../../src/domain/messages';
import { MAX_LENGTH } from '../../src/domain/validators/text';
import { badRequest, HttpError } from '../errors/httpErrors';
import type { StagedFile, Storage } from '../files/store';
import { MISSION_FILE_TYPES, refusalError } from '../files/fileStore';
import type { TypedApp } from '../shared/schemaTypes';

/**
 * The scope of the mission details, attachments and chat (their rows in server/http/routeTable.ts):
 * the multipart parser lives only there, as the attachment and chat uploads are the only
 * multipart calls.
 */
export async function multipartScope(scope: TypedApp): Promise<void> {
  await scope.register(multipart);
}

/** A multipart request's text fields and its one file, staged in storage (null when none or an empty one came). */
export interface MultipartForm {
  fields: Record<string, string>;
  file: StagedFile | null;
  /** The name the file had on the sender's side (cleanFileName): for display only. */
  fileName: string | null;
}

const isCode = (error: unknown, code: string) => (error as { code?: unknown } | null)?.code === code;

/**
 * A body the multipart parser cannot read: no boundary in the Content-Type, a truncated or garbled
 * form. The client's mistake, answered 400 like any other bad input (the app's own uploads always
 * send a well-formed form).
 */
export const MALFORMED_FORM = 'Formulário inválido ou incompleto: envie-o novamente como multipart/form-data';

/**
 * Reads a multipart body (docs/api.md: POST chat, POST attachments): at most one file of at most
 * MISSION_FILE_MAX_BYTES, streamed to a temporary file of `folder` (never held whole in memory).
 * A larger file stops the upload with 413 and its temporary file is removed; a second file is
 * refused (docs/rules/validation.md: one file at a time). The client's file name and declared type are ignored:
 * storage decides the type by content and generates the name.
 */
async function readMultipart(request: FastifyRequest, storage: Storage, folder: string, beforeFile?: BeforeFile): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new HttpError(415, { error: 'Envie o formulário como multipart/form-data' });
  const fields: Record<string, string> = {};
  let file: StagedFile | null = null;
  let fileName: string | null = null;
  // What reading the body threw (the next part, or a file's bytes), told apart from the refusals
  // and storage failures thrown while handling a part.
  let parserError: unknown = null;
  const parsed = <T>(step: Promise<T>) =>
    step.catch((error: unknown) => {
      parserError = error;
      throw error;
    });
  async function* bytesOf(stream: AsyncIterable<Buffer>) {
    try {
      yield* stream;
    } catch (error) {
      parserError = error;
      throw error;
    }
  }
  try {
    const limits = { files: 1, fileSize: MISSION_FILE_MAX_BYTES, fields: 10, fieldSize: MAX_LENGTH.longText * 4, parts: 12 };
    const parts = request.parts({ limits })[Symbol.asyncIterator]();
    for (let next = await parsed(parts.next()); !next.done; next = await parsed(parts.next())) {
      const part = next.value;
      if (part.type === 'file') {
        await beforeFile?.(fields);
        const staged = await storage.stage(folder, bytesOf(part.file), { types: MISSION_FILE_TYPES, maxBytes: MISSION_FILE_MAX_BYTES });
        if (typeof staged !== 'string') {
          file = staged;
          fileName = cleanFileName(part.filename);
        }
        // busboy cuts the stream at the limit: a cut file is an oversize one.
        if (part.file.truncated) throw new HttpError(413, { error: FILE_TOO_LARGE });
        if (typeof staged === 'string' && staged !== 'empty') throw refusalError(staged);
      } else if (part.valueTruncated) {
        throw badRequest(maxLength(MAX_LENGTH.longText));
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    await file?.discard();
    if (isCode(error, 'FST_REQ_FILE_TOO_LARGE')) throw new HttpError(413, { error: FILE_TOO_LARGE });
    if (isCode(error, 'FST_FILES_LIMIT')) throw badRequest(ONE_FILE_ONLY);
    if (isCode(error, 'FST_PARTS_LIMIT') || isCode(error, 'FST_FIELDS_LIMIT')) throw badRequest('Campos demais no formulário');
    if (error === parserError) throw badRequest(MALFORMED_FORM);
    throw error;
  }
  return { fields, file, fileName };
}

/** Checks the fields read so far when the file starts: throwing refuses the upload before it is stored. */
export type BeforeFile = (fields: Record<string, string>) => Promise<void>;

/**
 * Runs `handle` with the request's form; the staged file is removed afterwards unless `handle`
 * committed it (storeThenWrite), so a refused request leaves no file behind. `beforeFile` (null:
 * none) runs when a file part begins, before any of it is stored.
 */
export async function withMultipart<T>(
  request: FastifyRequest,
  storage: Storage,
  folder: string,
  beforeFile: BeforeFile | null,
  handle: (form: MultipartForm) => Promise<T>,
): Promise<T> {
  const form = await readMultipart(request, storage, folder, beforeFile ?? undefined);
  try {
    return await handle(form);
  } finally {
    await form.file?.discard();
  }
}
