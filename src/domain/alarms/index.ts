/**
 * SOS and check-in (docs/rules/alarms.md): the alarms a field team raises ('sos') or the server
 * raises for it ('silence'), shown to the mission's risk manager until one of its users presses
 * 'Ciente'. Paths are relative to the missions base (/api/missions).
 */

export const ALARM_KINDS = ['sos', 'silence'] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];

export const ALARM_PATHS = {
  /** POST: the holder raises an SOS on its started mission; GET: the holder's own SOS state, with the emergency phone. */
  sos: ':id/sos',
  /** GET: the open alarms of the caller's tenant (risk manager users). */
  open: 'alarms',
  /** POST: 'Ciente' (risk manager users). */
  acknowledge: 'alarms/:id/acknowledge',
} as const;

/** The press on 'SOS' that raises it: long enough that a pocket does not, short enough for a person in danger. */
export const SOS_HOLD_MS = 2_000;

/** Minutes an SOS waits for 'Ciente' before it is e-mailed, when the tenant did not change it. */
export const DEFAULT_SOS_ESCALATION_MINUTES = 5;

/** Addresses an SOS is e-mailed to, at most: a few people on call, not a mailing list. */
export const ESCALATION_EMAILS_MAX = 10;

/** The addresses in a typed list: separated by commas, semicolons, spaces or lines; lower-cased, each once. */
export function parseEmailList(typed: string): string[] {
  const all = typed
    .split(/[\s,;]+/)
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
  return [...new Set(all)];
}

/** The timeline event that raises each kind. */
export const ALARM_RAISE_ACTIONS = { sos: 'sos_raised', silence: 'silence_raised' } as const satisfies Record<AlarmKind, string>;
export const isAlarmRaise = (action: string): boolean => action === ALARM_RAISE_ACTIONS.sos || action === ALARM_RAISE_ACTIONS.silence;
/** The timeline events that change what an alarm screen shows (the live stream refetches on them). */
export const ALARM_ACTIONS: readonly string[] = [ALARM_RAISE_ACTIONS.sos, ALARM_RAISE_ACTIONS.silence, 'alarm_acknowledged'];

export const ALARM_TITLES: Record<AlarmKind, string> = {
  sos: 'SOS da equipe',
  silence: 'Equipe sem sinal',
};

/** The alert's text for the risk manager: the SOS, or how long the team has been silent. */
export const alarmText = (alarm: { kind: AlarmKind; silenceMinutes: number | null; processNumber: string | null; mission: string }): string => {
  const mission = `Missão #${alarm.processNumber ?? alarm.mission}`;
  return alarm.kind === 'sos' ? `SOS acionado pela equipe — ${mission}` : `Equipe sem sinal há ${alarm.silenceMinutes ?? '?'} min — ${mission}`;
};

/** 'HH:mm' in Brasília, the time the holder reads beside who pressed 'Ciente'. */
export const alarmClock = (iso: string): string =>
  new Date(iso).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' });

/** What the holder reads of its SOS. */
export const sosStateText = (alarm: { acknowledgedAt: string | null; acknowledgedByName: string | null }): string =>
  alarm.acknowledgedAt === null ? 'SOS recebido pela central' : `Ciente por ${alarm.acknowledgedByName ?? ''} às ${alarmClock(alarm.acknowledgedAt)}`;

/** Coordinates as the SMS text writes them: dot decimals, five places (about a metre). */
const coordinate = (value: number) => value.toFixed(5);

/**
 * The text the team sends by SMS when the app cannot reach the server: the mission and, when the
 * phone knows it, where the team is.
 */
export function sosSmsText(phone: string | null, reference: string, where: { latitude: number; longitude: number } | null): string {
  const body = `SOS missão ${reference}${where ? ` ${coordinate(where.latitude)},${coordinate(where.longitude)}` : ''}`;
  return phone ? `Sem conexão? Envie SMS para ${formatPhone(phone)}: ${body}` : `Sem conexão? Ligue para a central: ${body}`;
}

/** The stored phone (digits only, docs/rules/validation.md) as a person dials it. */
export function formatPhone(digits: string): string {
  const local = digits.length > 11 && digits.startsWith('55') ? digits.slice(2) : digits;
  if (local.length === 11) return `(${local.slice(0, 2)}) ${local.slice(2, 7)}-${local.slice(7)}`;
  if (local.length === 10) return `(${local.slice(0, 2)}) ${local.slice(2, 6)}-${local.slice(6)}`;
  return digits;
}

export const SOS_TEXTS = {
  button: 'SOS',
  hold: 'Segure por 2 segundos para acionar o SOS',
  sending: 'Enviando SOS…',
  queued: 'Aguardando conexão: o SOS será enviado assim que houver sinal',
  failed: 'Não foi possível enviar o SOS. Tente de novo ou envie o SMS abaixo.',
  acknowledge: 'Ciente',
  openMap: 'Ver no mapa',
  noPosition: 'sem posição',
} as const;

export const ALARM_MESSAGES = {
  notStarted: 'O SOS só pode ser acionado numa missão iniciada',
  onlyHolder: 'Somente a equipe que executa a missão pode acionar o SOS',
  notFound: 'Alarme não encontrado',
  alreadyAcknowledged: (name: string, at: string) => `Este alarme já foi marcado como ciente por ${name} às ${alarmClock(at)}`,
  invalidEmails: 'Informe e-mails válidos, separados por vírgula',
  tooManyEmails: `No máximo ${ESCALATION_EMAILS_MAX} e-mails para escalonamento`,
  emailsTooLong: 'Máximo de 2000 caracteres',
} as const;
