/**
 * A mission's sub-collections (docs/rules/missions.md: Vehicle, Occurrence, Security agent, Attachment,
 * Message)
 * as the API sends them — one definition for the server's mappers and the details and chat screens,
 * made from the schemas the server serialises them with (responseSchemas.ts), never restated by
 * hand (docs/decisions/one-contract-per-endpoint.md).
 * Items are addressed by their mission and `createdAt` (ISO, millisecond precision), as docs/api.md asks.
 */
import type { FromSchema } from '../fromSchema';
import type { attachmentDisplaySchema, agentDisplaySchema, missionDetailsSchema, missionSummarySchema, occurrenceDisplaySchema, vehicleDisplaySchema } from './responseSchemas';

export { OCCURRENCE_TYPE_LABELS, OCCURRENCE_TYPES, VEHICLE_TYPE_LABELS, VEHICLE_TYPES, type OccurrenceType, type VehicleType } from './itemKinds';

/** `driverPIN`: CPF digits, or null; `plate` normalised: ABC-1234 or ABC1D23. */
export type Vehicle = FromSchema<typeof vehicleDisplaySchema>;

/** `date`: an ISO instant. */
export type Occurrence = FromSchema<typeof occurrenceDisplaySchema>;

/** An agent as written, before its totals are worked out. */
export type SecurityAgent = Omit<SecurityAgentDisplay, 'totals'>;

/** The extended agent row (securityagents_extended): with its totals (docs/rules/validation.md). */
export type SecurityAgentDisplay = FromSchema<typeof agentDisplaySchema>;

/** `file`: the stored file's generated name, served by /api/storage/mission/attachments/{file}. */
export type Attachment = FromSchema<typeof attachmentDisplaySchema>;

/** What the details and chat screens need of the mission itself (who writes what, the chat title). */
export type MissionSummary = FromSchema<typeof missionSummarySchema>;

/** GET request/id/{id}/details: the mission's sub-collections (docs/rules/missions.md: Mission detail response). */
export type MissionDetailsResponse = FromSchema<typeof missionDetailsSchema>;

export const CHAT_TYPES = ['mission_chat', 'ask_finish'] as const;
export type ChatType = (typeof CHAT_TYPES)[number];
