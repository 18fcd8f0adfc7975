/**
 * New mission (docs/rules/validation.md) and the missions service's other inputs: status change,
 * proposal, monitoring
 * query. Field names are the API's (nested `location`, `eta`), so one schema checks the form and
 * the request body alike.
 */
import { mixed, type InferType } from 'yup';
import {
  COMPLEMENT_REQUIRED,
  ETA_DISTANCE_REQUIRED,
  ETA_TIME_REQUIRED,
  INVALID_OPTION,
  MISSION_CARRIER_REQUIRED,
  MISSION_CAUSE_REQUIRED,
  MISSION_LEADERSHIP_REQUIRED,
  MISSION_PLACE_REQUIRED,
  MISSION_REQUESTER_REQUIRED,
  MISSION_SERVICE_REQUIRED,
  MISSION_SHIPPER_REQUIRED,
  NUMBER_REQUIRED,
  DATE_RANGE_ORDER,
} from '../messages';
import { STATUS_CHANGE_TARGETS } from '../missions/stateMachine';
import { MISSION_STATUSES } from '../missions/statuses';
import { MONITORING_SORTS } from '../missions/types';
import { LIST_SORT_INVALID, sortOrderField, textFilterField } from './listPage';
import { fiscalKeysSchema } from './fiscalKeys';
import { requiredLocation } from './location';
import {
  dateText,
  decimalField,
  enumField,
  group,
  hhmmField,
  idRef,
  optionalIdRef,
  optionalText,
  strictInteger,
  strictString,
  MAX_INT,
} from './fields';

/** Which optional references the risk manager's mission parameters make required. */
export interface MissionRequiredRefs {
  cause: boolean;
  carrier: boolean;
  place: boolean;
  leadership: boolean;
}

const ref = (required: boolean, message: string) => (required ? idRef(message) : optionalIdRef(message));

/** New mission for a risk manager whose parameters require `required`. */
export function newMissionSchema(required: MissionRequiredRefs) {
  return group({
    processNumber: optionalText('text'),
    shipper: idRef(MISSION_SHIPPER_REQUIRED),
    franchise_plan: idRef(MISSION_SERVICE_REQUIRED),
    requester: idRef(MISSION_REQUESTER_REQUIRED),
    cause: ref(required.cause, MISSION_CAUSE_REQUIRED),
    carrier: ref(required.carrier, MISSION_CARRIER_REQUIRED),
    place: ref(required.place, MISSION_PLACE_REQUIRED),
    leadership: ref(required.leadership, MISSION_LEADERSHIP_REQUIRED),
    // The mission's `number` is its complement (docs/rules/validation.md: 'Preencha o complemento').
    location: requiredLocation(COMPLEMENT_REQUIRED),
    // The cargo's NF-e, CT-e and MDF-e keys (docs/rules/fiscal-documents.md); none when absent.
    fiscalKeys: fiscalKeysSchema,
    // Only platform admins name the tenant; everyone else's is taken from the session.
    riskManager: optionalIdRef(),
  });
}
export type NewMissionValues = InferType<ReturnType<typeof newMissionSchema>>;

/** PUT request/{id}/status body (docs/api.md). `serviceProvider` names the accepted proposal's provider. */
export const statusChangeSchema = group({
  missionRequest: idRef(),
  serviceProvider: optionalIdRef(),
  status: enumField(STATUS_CHANGE_TARGETS, INVALID_OPTION),
});
export type StatusChangeValues = InferType<typeof statusChangeSchema>;

const etaSchema = group({
  time: hhmmField(ETA_TIME_REQUIRED),
  distanceInKm: decimalField(ETA_DISTANCE_REQUIRED, { min: 0, max: 100_000 }),
});
const proposalLocationSchema = requiredLocation(NUMBER_REQUIRED);

/** The proposal form (docs/rules/validation.md: all required). */
export const proposalFormSchema = group({ eta: etaSchema, location: proposalLocationSchema });
export type ProposalFormValues = InferType<typeof proposalFormSchema>;

/**
 * POST proposals: a search notice ({missionRequest, status 'pending'}; eta and location dropped)
 * or a complete proposal ({missionRequest, status 'completed', eta, location}). yup cannot follow
 * `when` in types, so each conditional part names the form's own type: the value is that or absent.
 */
export const proposalCreateSchema = group({
  missionRequest: idRef(),
  status: enumField(['pending', 'completed'] as const, INVALID_OPTION),
  eta: mixed<ProposalFormValues['eta']>().when('status', { is: 'completed', then: () => etaSchema, otherwise: (s) => s.strip() }),
  location: mixed<ProposalFormValues['location']>().when('status', {
    is: 'completed',
    then: () => proposalLocationSchema,
    otherwise: (s) => s.strip(),
  }),
});

/** Monitoring query (docs/api.md: page, start, end, status; ours: q, sort, order). Dates are ISO 8601 instants. */
export const monitoringQuerySchema = group({
  page: strictInteger().min(1, INVALID_OPTION).max(MAX_INT, INVALID_OPTION).default(1),
  start: dateText().optional(),
  end: dateText().optional().test({
    name: 'invalid_date_range',
    message: DATE_RANGE_ORDER,
    test(end) {
      const { start } = this.parent as { start?: string };
      return !start || !end || Date.parse(start) <= Date.parse(end);
    },
  }),
  status: strictString().oneOf([...MISSION_STATUSES], INVALID_OPTION).optional(),
  /** Process number, plate, shipper or provider, without accents or case, or a cargo access key (ours). */
  q: textFilterField().optional(),
  sort: strictString().oneOf([...MONITORING_SORTS], LIST_SORT_INVALID).optional(),
  order: sortOrderField().optional(),
});
export type MonitoringQuery = InferType<typeof monitoringQuerySchema>;
