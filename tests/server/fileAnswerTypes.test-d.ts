/**
 * Checked by tsc only (vitest does not collect *.test-d.ts): a contract's file answer
 * (src/domain/fileAnswer.ts) is answered only by a file of its media type sent by sendFile, and the
 * client reads it as a Blob (call) or with its headers, as a Blob or a stream (createFileCall).
 */
import { defineContract } from '../../src/domain/contract';
import { FILE_TYPES, fileAnswer } from '../../src/domain/fileAnswer';
import { REPORT_CONTRACTS } from '../../src/domain/reports/contracts';
import { STORAGE_CONTRACTS } from '../../src/domain/storageContracts';
import { createCall } from '../../src/dataProvider/call';
import { createFileCall } from '../../src/dataProvider/fileCall';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { route } from '../../server/shared/route';
import { sendFile } from '../../server/shared/sendFile';
import type { TypedApp } from '../../server/shared/schemaTypes';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(proof: Equal<A, B>) => proof;

const pdf = defineContract({ method: 'GET', base: 'reports', path: 'probe', summary: 'Sonda', responses: { 200: fileAnswer(FILE_TYPES.pdf, 'Sonda.') } });
const bytes = Buffer.from('%PDF');

export function typedFileRoutes(app: TypedApp): void {
  route(app, pdf, (_request, reply) => sendFile(reply, FILE_TYPES.pdf, { 'cache-control': 'no-store' }, bytes));
  // @ts-expect-error -- a file of another media type
  route(app, pdf, (_request, reply) => sendFile(reply, FILE_TYPES.xlsx, {}, bytes));
  // @ts-expect-error -- a value for the JSON serializer where the answer is a file
  route(app, pdf, () => ({ name: 'a' }));
  // @ts-expect-error -- a reply sent without sendFile
  route(app, pdf, (_request, reply) => reply.send(bytes));
  // @ts-expect-error -- a file where the answer is JSON
  route(app, REPORT_CONTRACTS.missionVerify, (_request, reply) => sendFile(reply, FILE_TYPES.pdf, {}, bytes));
  // A stored file is one of several media types: any of them answers it, no other.
  route(app, STORAGE_CONTRACTS.attachment, (_request, reply) => sendFile(reply, FILE_TYPES.png, {}, bytes));
  route(app, STORAGE_CONTRACTS.attachment, (_request, reply) => sendFile(reply, FILE_TYPES.pdf, {}, bytes));
  // @ts-expect-error -- a spreadsheet is no stored file
  route(app, STORAGE_CONTRACTS.attachment, (_request, reply) => sendFile(reply, FILE_TYPES.xlsx, {}, bytes));
}

export async function typedFileCalls(httpClient: HttpClient): Promise<void> {
  const call = createCall(httpClient);
  const blob: Blob = await call(pdf, {});
  const fileCall = createFileCall(httpClient);
  const whole = await fileCall(pdf, {});
  const named: Blob = whole.data;
  void [blob, named];
  same<typeof whole.headers, Headers>(true);
  const _streamed = await fileCall(pdf, {}, 'stream');
  same<typeof _streamed.data, ReadableStream<Uint8Array> | null>(true);
  // @ts-expect-error -- a JSON answer is no file
  await fileCall(REPORT_CONTRACTS.missionVerify, {});
  const stored: Blob = (await fileCall(STORAGE_CONTRACTS.chat, { params: { file: 'a.png' } })).data;
  void stored;
}
