/**
 * The bodies of the integration calls (docs/rules/integrations.md), checked by the same yup schemas
 * in the 'Integrações' screen and on the server, with their Portuguese messages.
 */
import { array, type InferType } from 'yup';
import { INVALID_TYPE, LATITUDE_REQUIRED, LONGITUDE_REQUIRED, SHIPPER_CNPJ_REQUIRED } from '../messages';
import { dateTextProblem } from '../validators/dates';
import { LATITUDE_BOUNDS, LONGITUDE_BOUNDS } from '../validators/numbers';
import { blankToNull, cepField, cnpjField, dateText, strictString, decimalField, enumField, group, optionalIdRef, optionalText, requiredText, textOf } from '../schemas/fields';
import { API_KEY_MESSAGES, API_KEY_SCOPES } from './apiKeys';

/** A new key: its name, at least one scope, an optional expiry (a future instant) and, for platform admins, the tenant. */
export const newApiKeySchema = group({
  name: requiredText(API_KEY_MESSAGES.nameRequired, 'name'),
  scopes: array(enumField(API_KEY_SCOPES, API_KEY_MESSAGES.scopesRequired))
    .typeError(INVALID_TYPE)
    .nonNullable(INVALID_TYPE)
    .required(API_KEY_MESSAGES.scopesRequired)
    .min(1, API_KEY_MESSAGES.scopesRequired)
    .max(API_KEY_SCOPES.length, API_KEY_MESSAGES.scopesRequired),
  expiresAt: strictString()
    .nullable()
    .transform(blankToNull)
    .default(null)
    .test({
      name: 'invalid_date',
      test(value) {
        const problem = typeof value === 'string' ? dateTextProblem(value) : undefined;
        return problem ? this.createError({ message: problem }) : true;
      },
    })
    .test({ name: 'expiry_in_past', message: API_KEY_MESSAGES.expiryInPast, test: (v) => typeof v !== 'string' || !(Date.parse(v) <= Date.now()) }),
  riskManager: optionalIdRef(API_KEY_MESSAGES.tenantRequired),
});
export type NewApiKeyValues = InferType<typeof newApiKeySchema>;

export const INBOUND_MISSION_MESSAGES = {
  serviceRequired: 'Informe o serviço (o nome do serviço do embarcador)',
  requesterRequired: 'Informe o solicitante (o nome cadastrado)',
  externalReferenceRequired: 'Informe a referência externa',
  placeRequired: 'Informe o local: o endereço completo (CEP, logradouro, número, bairro, cidade, UF) ou as coordenadas',
  shipperUnknown: 'Nenhum embarcador ativo com este CNPJ',
  serviceUnknown: 'Este embarcador não tem um serviço com este nome',
  requesterUnknown: 'Nenhum solicitante ativo com este nome',
  causeUnknown: 'Nenhum motivo de acionamento ativo com este nome',
  carrierUnknown: 'Nenhum transportador ativo com este nome',
  leadershipUnknown: 'Nenhuma liderança ativa com este nome',
  placeNotFound: 'Não foi possível localizar este endereço ou estas coordenadas; envie o endereço completo com as coordenadas',
  idempotencyKeyRequired: 'Envie o cabeçalho Idempotency-Key: uma nova chave por alerta, a mesma em cada nova tentativa',
  externalReferenceTaken: 'Já existe uma missão com esta referência externa',
} as const;

/** A part of the address: present or not; completeness is checked on the whole place. */
const part = () => optionalText('text');

/**
 * Where the team goes: the full address, the coordinates, or both. What is missing is looked up by
 * the server's own geocoding (docs/rules/integrations.md).
 */
export const inboundPlaceSchema = group({
  zipcode: cepField(INBOUND_MISSION_MESSAGES.placeRequired).nullable().default(null),
  address: part(),
  number: part(),
  neighborhood: part(),
  city: part(),
  state: part(),
  latitude: decimalField(LATITUDE_REQUIRED, LATITUDE_BOUNDS).nullable().default(null),
  longitude: decimalField(LONGITUDE_REQUIRED, LONGITUDE_BOUNDS).nullable().default(null),
}).test({
  name: 'place_required',
  message: INBOUND_MISSION_MESSAGES.placeRequired,
  test: (place) => {
    if (!place) return true;
    const hasAddress = [place.zipcode, place.address, place.number, place.neighborhood, place.city, place.state].every((v) => typeof v === 'string' && v !== '');
    const hasCoordinates = typeof place.latitude === 'number' && typeof place.longitude === 'number';
    return hasAddress || hasCoordinates;
  },
});
export type InboundPlace = InferType<typeof inboundPlaceSchema>;

/** A mission opened by another system (POST /api/v1/integrations/missions). */
export const inboundMissionSchema = group({
  shipperCnpj: cnpjField(SHIPPER_CNPJ_REQUIRED),
  service: requiredText(INBOUND_MISSION_MESSAGES.serviceRequired, 'name'),
  requester: requiredText(INBOUND_MISSION_MESSAGES.requesterRequired, 'name'),
  place: inboundPlaceSchema.required(INBOUND_MISSION_MESSAGES.placeRequired),
  processNumber: optionalText('text'),
  // By name, as the tenant registered them; required when its mission parameters require them.
  cause: optionalText('name'),
  carrier: optionalText('name'),
  leadership: optionalText('name'),
  externalReference: requiredText(INBOUND_MISSION_MESSAGES.externalReferenceRequired, 'name'),
});
export type InboundMissionValues = InferType<typeof inboundMissionSchema>;

/** The list by external reference and period (GET /api/v1/integrations/missions). */
export const inboundMissionQuerySchema = group({
  externalReference: textOf('name').optional(),
  from: dateText().optional(),
  to: dateText().optional(),
});
export type InboundMissionQuery = InferType<typeof inboundMissionQuerySchema>;
