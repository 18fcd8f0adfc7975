/**
 * A mission's sub-collections (docs/rules/missions.md: Vehicle, Occurrence, Security agent, Attachment,
 * Message)
 * as the API sends them — one definition for the server's mappers and the details and chat screens.
 * Items are addressed by their mission and `createdAt` (ISO, millisecond precision), as docs/api.md asks.
 */
import type { AgentTotals, Odometer } from '../billing/types';
import type { StoredMissionStatus } from '../missions/statuses';

export const VEHICLE_TYPES = ['car', 'bike', 'tow', 'truck'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export const VEHICLE_TYPE_LABELS: Record<VehicleType, string> = {
  car: 'Carro',
  bike: 'Moto',
  tow: 'Guincho',
  truck: 'Caminhão',
};

/** The options of the occurrence type select. */
export const OCCURRENCE_TYPES = ['theft', 'attempt', 'accident', 'breakdown', 'suspicious', 'other'] as const;
export type OccurrenceType = (typeof OCCURRENCE_TYPES)[number];
export const OCCURRENCE_TYPE_LABELS: Record<OccurrenceType, string> = {
  theft: 'Roubo',
  attempt: 'Tentativa de roubo',
  accident: 'Acidente',
  breakdown: 'Pane mecânica',
  suspicious: 'Atitude suspeita',
  other: 'Outro',
};

export interface Vehicle {
  driver: string;
  /** CPF digits, or null. */
  driverPIN: string | null;
  type: VehicleType;
  /** Normalised: ABC-1234 or ABC1D23. */
  plate: string;
  chassis: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  color: string | null;
  createdAt: string;
  missionRequestId: string;
}

export interface Occurrence {
  /** ISO instant. */
  date: string;
  type: OccurrenceType;
  description: string;
  zipcode: string | null;
  neighborhood: string | null;
  city: string;
  state: string;
  address: string | null;
  number: string | null;
  complement: string | null;
  latitude: number | null;
  longitude: number | null;
  createdAt: string;
}

export interface SecurityAgent {
  name: string;
  odometer: Odometer;
  createdAt: string;
}

/** The extended agent row (securityagents_extended): with its totals (docs/rules/validation.md). */
export type SecurityAgentDisplay = SecurityAgent & { totals: AgentTotals };

export interface Attachment {
  description: string;
  /** The stored file's generated name, served by /api/storage/mission/attachments/{file}. */
  file: string;
  mime: string;
  size: number;
  createdAt: string;
}

/** What the details and chat screens need of the mission itself (who writes what, the chat title). */
export interface MissionSummary {
  _id: string;
  status: StoredMissionStatus;
  riskManager: string;
  serviceProvider: string | null;
  serviceProviderName: string | null;
}

/** GET request/id/{id}/details: the mission's sub-collections (docs/rules/missions.md: Mission detail response). */
export interface MissionDetailsResponse {
  mission: MissionSummary;
  vehiclesDisplay: Vehicle[];
  ocurrenciesDisplay: Occurrence[];
  securityAgentsDisplay: SecurityAgentDisplay[];
  attachments: Attachment[];
}

export const CHAT_TYPES = ['mission_chat', 'ask_finish'] as const;
export type ChatType = (typeof CHAT_TYPES)[number];
