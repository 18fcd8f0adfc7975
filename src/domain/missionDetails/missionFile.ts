import type { FileRule } from '../fileBodies';
import { ATTACHMENT_TYPES, MISSION_FILE_MAX_BYTES } from './collections';

/** A chat or attachment file as the server accepts it (docs/rules/missions.md): one PDF or image of at most 10 MB. */
export const MISSION_FILE: FileRule = {
  description: 'Um PDF ou uma imagem (PNG, JPEG, WebP, GIF, SVG) de até 10 MB; o tipo é decidido pelo conteúdo.',
  mediaTypes: ATTACHMENT_TYPES,
  maxBytes: MISSION_FILE_MAX_BYTES,
};
