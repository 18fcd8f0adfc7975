import type { Contract } from '../domain/contract';
import { fileTypesOf } from '../domain/fileAnswer';
import type { RequestOptions } from './httpClient';

/**
 * How a contract's answer is read (src/domain/fileAnswer.ts): a file's bytes, asked for by its
 * media types, as a Blob or as the unread stream; JSON otherwise (nothing added).
 */
export function fileRequest(contract: Contract, read: 'blob' | 'stream' = 'blob'): Pick<RequestOptions, 'responseType' | 'headers'> {
  const types = fileTypesOf(contract.responses);
  return types.length > 0 ? { responseType: read, headers: { Accept: types.join(', ') } } : {};
}
