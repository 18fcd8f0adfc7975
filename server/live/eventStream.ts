import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import { answered, type Answered } from '../shared/answered';

/**
 * A Server-Sent Events stream opened on the reply (docs/operations/several-instances.md): Fastify
 * hands the connection over, so nothing goes through the serializer; the events written on `raw`
 * are the answer the contract describes as text/event-stream, which `answer` stands for.
 */
export function openEventStream(reply: FastifyReply): { raw: ServerResponse; answer: Answered<string> } {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx and similar proxies would otherwise buffer the stream.
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 3000\n\n');
  return { raw, answer: answered<string>(reply) };
}
