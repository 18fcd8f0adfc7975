import type { FastifyReply, FastifyRequest } from 'fastify';
import type { STORAGE_CONTRACTS } from '../../src/domain/storageContracts';
import { notFound } from '../errors/httpErrors';
import type { Storage } from '../files/store';
import { sendFile } from '../shared/sendFile';
import { serves } from '../shared/serves';

/**
 * GET /api/storage/<folder>/{file} for each storage kind. A kind names its contract
 * (src/domain/storageContracts.ts), its folder and its access check: the risk managers' images are public (the login page shows them before anyone logs in);
 * private kinds (mission attachments, chat files) pass a check that authenticates and verifies the
 * tenant, throwing to refuse.
 */
export interface StorageKind {
  contract: (typeof STORAGE_CONTRACTS)[keyof typeof STORAGE_CONTRACTS];
  folder: string;
  /** Resolves to allow; throws an HttpError (401/403/404) to refuse. */
  access: (request: FastifyRequest, reply: FastifyReply, file: string) => Promise<void>;
  /** Cache-Control of the answer (public files are immutable: a new upload gets a new name). */
  cacheControl: string;
}

export const PUBLIC_KIND = (contract: StorageKind['contract'], folder: string): StorageKind => ({
  contract,
  folder,
  access: () => Promise.resolve(),
  cacheControl: 'public, max-age=31536000, immutable',
});

/**
 * The headers that keep a stored file inert even when opened directly: no type sniffing, and a
 * sandboxing CSP, so an SVG or a PDF never runs script in the app's origin.
 */
export const SAFE_FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
  'cross-origin-resource-policy': 'same-origin',
} as const;

/** The handler serving one kind's files, after its access check. */
export function storageKindHandler(storage: Storage, kind: StorageKind) {
  return serves(kind.contract, async (request, reply) => {
    await kind.access(request, reply, request.params.file);
    const found = await storage.read(kind.folder, request.params.file);
    if (!found) throw notFound('Arquivo não encontrado.');
    const disposition = found.type === 'pdf' ? 'attachment' : 'inline';
    return sendFile(
      reply.headers(SAFE_FILE_HEADERS),
      found.mime,
      {
        'content-disposition': `${disposition}; filename="${request.params.file}"`,
        'cache-control': kind.cacheControl,
        'content-length': String(found.size),
      },
      found.stream,
    );
  });
}
