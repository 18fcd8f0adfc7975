/**
 * Where the team is (docs/rules/positions.md): the provider's tracking devices (phones running
 * Traccar Client, or any device speaking the OsmAnd protocol) and the positions they send while the
 * provider holds a started mission. Paths are relative to the positions base (/api/positions).
 */
import type { MissionActor } from '../missions/stateMachine';

export const POSITION_PATHS = {
  /** GET: the provider's devices; POST: register one. */
  devices: 'devices',
  /** DELETE: revoke a device (its identifier stops working; the row stays in the list). */
  device: 'devices/:id',
  /** GET or POST: one position in the OsmAnd protocol, the device's identifier as the credential. */
  osmand: 'osmand',
  /** GET: the teams of a started mission on its map, with the live estimate (its risk manager and holder only). */
  mission: 'missions/:id',
} as const;

/**
 * Who sees a mission's teams on the map: its risk manager's users and the provider holding it.
 * Competing providers, other tenants and platform admins never do (docs/rules/positions.md).
 */
export const canSeeTeamPositions = (actor: MissionActor): boolean => actor === 'riskManager' || actor === 'holder';

/** Fixes of one device drawn as its trail: the last two hours at one fix every 15 s. */
export const TEAM_TRAIL_MAX = 480;

/** Days a position is kept before the server deletes it (LGPD: nothing kept beyond need); POSITION_RETENTION_DAYS. */
export const POSITION_RETENTION_DAYS = 90;

/** A fix time this far ahead of the server's clock is a phone with a wrong clock, not a position. */
export const POSITION_FUTURE_TOLERANCE_MS = 10 * 60_000;

/**
 * Positions one device may send per window. Traccar Client sends its buffer one position at a time
 * after a stretch without signal, so the limit only slows such a burst (it retries after a 429).
 */
export const POSITION_LIMIT = { max: 120, windowMs: 60_000 } as const;

/**
 * Requests naming an identifier no device has (or a revoked one) from one client address: a phone
 * set up with a mistyped identifier stays far below it; a scan of identifiers does not.
 */
export const UNKNOWN_DEVICE_LIMIT = { max: 30, windowMs: 60_000 } as const;

/** Devices one provider may register: a team's phones, not a fleet database. */
export const MAX_TRACKER_DEVICES = 200;

/**
 * Why a position from a known device was not stored (the metrics' `reason` label): a value out of
 * range or not a number, a time far in the future or older than the retention, or no started
 * mission held by the device's provider.
 */
export const POSITION_REFUSALS = ['invalid_value', 'future', 'too_old', 'no_started_mission'] as const;
export type PositionRefusal = (typeof POSITION_REFUSALS)[number];

/**
 * Identifiers are 128 random bits in base32 (RFC 4648, lower case, no padding): 26 characters a
 * person can still type into the app, and a QR code for when they need not.
 */
export const DEVICE_IDENTIFIER_PATTERN = /^[a-z2-7]{26}$/;

/** What an OsmAnd request may carry as an identifier: printable ASCII, as Traccar Client accepts. */
export const OSMAND_IDENTIFIER_MAX = 64;

/**
 * Fixes one Traccar Client request may carry at once: with batch sending on, what it kept without
 * signal arrives as an array — about eight hours at one fix every 30 s, well within the body limit.
 */
export const OSMAND_BATCH_MAX = 1000;

export const POSITION_MESSAGES = {
  providersOnly: 'Apenas prestadoras cadastram dispositivos de rastreamento.',
  tooManyDevices: `Limite de ${MAX_TRACKER_DEVICES} dispositivos por prestadora atingido. Revogue um dispositivo que não usa mais.`,
  unknownDevice: 'Dispositivo desconhecido ou revogado.',
  missingDevice: 'Informe o identificador do dispositivo (id ou deviceid).',
  missingCoordinates: 'Informe a latitude e a longitude (lat e lon).',
  tooMany: 'Posições demais deste dispositivo. Aguarde e tente novamente.',
  tooManyUnknown: 'Identificadores desconhecidos demais deste endereço. Confira o identificador do dispositivo e aguarde antes de tentar novamente.',
  alreadyRevoked: 'Este dispositivo já foi revogado.',
} as const;

/** The screen's texts (pt-BR). */
export const DEVICE_TEXTS = {
  menu: 'Dispositivos',
  title: 'Dispositivos de rastreamento',
  intro:
    'Cadastre o celular de cada equipe e configure o Traccar Client com o endereço e o identificador abaixo. As posições só são recebidas enquanto a sua empresa tem uma missão iniciada.',
  add: 'Novo dispositivo',
  name: 'Nome',
  agent: 'Agente',
  identifier: 'Identificador',
  url: 'Endereço do servidor',
  createdAt: 'Cadastrado em',
  revoke: 'Revogar',
  revoked: 'Revogado',
  active: 'Ativo',
  empty: 'Nenhum dispositivo cadastrado.',
  setup: 'Configurar no Traccar Client',
  setupHelp:
    'No Traccar Client, preencha "Identificador do dispositivo" e "URL do servidor" com os valores abaixo, ou leia o código QR.',
  revokeConfirm: (name: string) => `Revogar o dispositivo "${name}"? Ele deixa de enviar posições e o identificador não volta a funcionar.`,
  save: 'Cadastrar',
  cancel: 'Cancelar',
  close: 'Fechar',
  qrAlt: (name: string) => `Código QR de configuração do dispositivo ${name}`,
} as const;
