/**
 * The details calls (docs/api.md: POST/PUT/DELETE /{missionRequestId}/{crudOption}) and who may write
 * each sub-collection (docs/rules/missions.md, docs/rules/tenancy-and-roles.md): only while the mission
 * is started; vehicles
 * by the mission's risk manager, occurrences, agents and attachments by the provider holding it.
 * Everyone of the mission reads (its risk manager, its holder, platform admins).
 */
import { FILE_TYPES } from '../fileAnswer';
import type { MissionActor } from '../missions/stateMachine';
import type { StoredMissionStatus } from '../missions/statuses';

/** The product's crudOption values ('ocurrencies' is its spelling). */
export const CRUD_OPTIONS = ['vehicles', 'ocurrencies', 'securityagents'] as const;
export type CrudOption = (typeof CRUD_OPTIONS)[number];
export type SubCollection = CrudOption | 'attachments';

/** Accepted spellings beyond the product's: 'occurrences' is the correct English one. */
export const CRUD_OPTION_ALIASES: Record<string, CrudOption> = {
  vehicles: 'vehicles',
  ocurrencies: 'ocurrencies',
  occurrences: 'ocurrencies',
  securityagents: 'securityagents',
};

export const crudOptionOf = (value: string): CrudOption | null =>
  Object.hasOwn(CRUD_OPTION_ALIASES, value) ? (CRUD_OPTION_ALIASES[value] ?? null) : null;

/** The actor who writes each sub-collection. */
export const WRITER_OF: Record<SubCollection, MissionActor> = {
  vehicles: 'riskManager',
  ocurrencies: 'holder',
  securityagents: 'holder',
  attachments: 'holder',
};

/** Reading: the mission's own people and platform admins; another provider or tenant sees nothing. */
export const canReadMission = (actor: MissionActor): boolean =>
  actor === 'riskManager' || actor === 'holder' || actor === 'admin';

export const isEditableStatus = (status: StoredMissionStatus): boolean => status === 'started';

export const canWriteSubCollection = (collection: SubCollection, actor: MissionActor, status: StoredMissionStatus): boolean =>
  isEditableStatus(status) && WRITER_OF[collection] === actor;

/** The chat is written by the mission's risk manager and holder while started (docs/rules/missions.md). */
export const canWriteChat = (actor: MissionActor, status: StoredMissionStatus): boolean =>
  isEditableStatus(status) && (actor === 'riskManager' || actor === 'holder');

/**
 * Paths relative to API_BASES.missions; `request/id/:id/details` is ours beside request/id/:id.
 * The sub-collection calls are `{missionRequestId}/{crudOption}` and `{missionRequestId}/attachments`.
 */
export const DETAILS_PATHS = {
  details: 'request/id/:id/details',
  chat: ':id/chat',
  chatCreate: 'chat',
  chatOne: 'chat/:id',
} as const;

/** Storage folders of the private kinds (docs/api.md: /mission/attachments/{file}, /mission/chat/{file}). */
export const ATTACHMENT_FOLDER = 'mission/attachments';
export const CHAT_FOLDER = 'mission/chat';

/** Chat and attachment files: at most 10 MB (docs/rules/missions.md), one per request. */
export const MISSION_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** What the pickers accept (docs/rules/validation.md). */
export const CHAT_ACCEPT = 'application/pdf,image/*';
/** Attachments (docs/rules/validation.md): pdf, png, jpeg, jpg, webp, gif, svg+xml. */
export const ATTACHMENT_TYPES = [FILE_TYPES.pdf, FILE_TYPES.png, FILE_TYPES.jpeg, FILE_TYPES.webp, FILE_TYPES.gif, FILE_TYPES.svg] as const;
export const ATTACHMENT_ACCEPT = ATTACHMENT_TYPES.join(',');

/** What an attachment is, in the words of a chat bubble ('PDF', 'Imagem PNG'…); by the type the server found. */
const FILE_TYPE_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'Imagem PNG',
  'image/jpeg': 'Imagem JPEG',
  'image/webp': 'Imagem WebP',
  'image/gif': 'Imagem GIF',
  'image/svg+xml': 'Imagem SVG',
};
export const fileTypeLabel = (mime: string): string => FILE_TYPE_LABELS[mime] ?? 'Arquivo';

/** The longest file name kept (most file systems' limit). */
export const FILE_NAME_MAX = 255;

/**
 * The name a person gave a file, as it may be shown: the last part of a path (some browsers send
 * 'C:\\fakepath\\nota.pdf'), without control characters, trimmed, at most FILE_NAME_MAX
 * characters; null when nothing is left. Only ever displayed: files are stored under names of ours.
 */
export function cleanFileName(name: string | null | undefined): string | null {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const base = (name ?? '').split(/[\\/]/).pop()?.replace(/[\u0000-\u001f\u007f]/g, '').trim() ?? '';
  return base === '' ? null : base.slice(0, FILE_NAME_MAX);
}

/** A browser-side check of a picked file (type by declared MIME; the server checks the bytes). */
export function pickedFileProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(file.type === 'application/pdf' || file.type.startsWith('image/'))) return 'type';
  if (file.size > MISSION_FILE_MAX_BYTES) return 'size';
  return null;
}
