import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FileBody, FileType } from '../../src/domain/fileAnswer';
import { answered, type Answered } from './answered';

/**
 * Sends a contract's file answer (src/domain/fileAnswer.ts): its media type, then `headers` in the
 * order given (the Portuguese file name's Content-Disposition, Cache-Control…), then the bytes or
 * the stream, which Fastify writes as they are (no JSON serializer for a Buffer or a stream).
 * route() accepts the result only where the contract's answer is a file of that type.
 */
export function sendFile<const T extends FileType>(
  reply: FastifyReply,
  type: T,
  headers: Readonly<Record<string, string>>,
  body: Buffer | Readable,
): Answered<FileBody<T>> {
  void reply.header('content-type', type);
  for (const [name, value] of Object.entries(headers)) void reply.header(name, value);
  return answered<FileBody<T>>(reply.send(body));
}
