/**
 * A contract's file answer on the client (src/domain/fileAnswer.ts) with its headers: call() reads
 * a file as a Blob (fileRequest.ts); a download that names its file or shows its progress reads it
 * here, with the headers (Content-Disposition, the row count), as a Blob or as the unread stream.
 */
import type { Contract, ReplyOf } from '../domain/contract';
import type { FileAnswerSchema } from '../domain/fileAnswer';
import { createCall, type CallInput } from './call';
import { fileRequest } from './fileRequest';
import type { HttpClient } from './httpClient';

type FileContract = Contract & { readonly responses: { readonly 200: FileAnswerSchema } };

/** A file answer as received: its bytes and the headers that name it. */
export interface ReceivedFile<D> {
  readonly data: D;
  readonly headers: Headers;
}

export interface FileCall {
  <const C extends FileContract>(contract: C, input: CallInput<C>): Promise<ReceivedFile<ReplyOf<C>>>;
  /** The body unread (a ReadableStream, or null), for a download that shows its progress. */
  <const C extends FileContract>(contract: C, input: CallInput<C>, read: 'stream'): Promise<ReceivedFile<ReadableStream<Uint8Array> | null>>;
}

export const createFileCall = (httpClient: HttpClient): FileCall =>
  (async (contract: FileContract, input: CallInput<FileContract>, read: 'blob' | 'stream' = 'blob') => {
    let headers = new Headers();
    const kept: HttpClient = async (base, path, options) => {
      const response = await httpClient(base, path, { ...options, ...fileRequest(contract, read) });
      headers = response.headers;
      return response as never;
    };
    const data: unknown = await createCall(kept)(contract, input);
    return { data, headers };
  }) as FileCall;
