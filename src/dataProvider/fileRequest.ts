import type { Contract } from '../domain/contract';
import { fileTypeOf } from '../domain/fileAnswer';
import type { RequestOptions } from './httpClient';

/**
 * How a contract's answer is read (src/domain/fileAnswer.ts): a file's bytes, asked for by its
 * media type, as a Blob or as the unread stream; JSON otherwise (nothing added).
 */
export function fileRequest(contract: Contract, read: 'blob' | 'stream' = 'blob'): Pick<RequestOptions, 'responseType' | 'headers'> {
  const type = fileTypeOf(contract.responses);
  return type ? { responseType: read, headers: { Accept: type } } : {};
}
