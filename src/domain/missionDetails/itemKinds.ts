/**
 * The kinds a vehicle or an occurrence of a mission may be (docs/rules/missions.md), with their
 * Portuguese labels: read by the answer's schemas (responseSchemas.ts), the yup schemas and the
 * screens, so they live apart from the answer types made from those schemas (types.ts).
 */
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
