/**
 * How each recorded field reads in the audit trail (screen and Excel): its label and the kind of
 * its value. The catalogues declared by their fields take the labels of their declaration; the
 * others are written here with the labels their forms show.
 */
import { CATALOGUES, describedOf } from '../catalogues';
import { CHARGE_TYPE_OPTIONS, HOUR_INTERVAL_TYPE_OPTIONS, INTERVAL_TYPE_OPTIONS, type Option } from '../enums';
import { PERFIL_LABELS } from '../roles';
import { THEME_COLOR_LABELS, THEME_FONT_SIZE_LABELS, THEME_IMAGE_LABELS } from '../theme';
import type { RecordFieldSpec } from '../recordDescriptor';

/**
 * text: as stored; flag: Sim/Não; money: integer cents; dateTime: an instant; minutes: whole
 * minutes; metres: a distance; choice: one of `options`; ref: the id of another record, read as
 * its name (the server resolves it within the reader's tenant).
 */
export type AuditFieldKind = 'text' | 'flag' | 'money' | 'dateTime' | 'minutes' | 'metres' | 'choice' | 'ref';

export interface AuditField {
  label: string;
  kind: AuditFieldKind;
  options?: readonly Option[];
}

const field = (label: string, kind: AuditFieldKind = 'text', options?: readonly Option[]): AuditField => (options ? { label, kind, options } : { label, kind });
const choiceOf = (labels: Record<string, string>): Option[] => Object.entries(labels).map(([value, label]) => ({ value, label }));

const ACTIVE = field('Ativo', 'flag');
const RISK_MANAGER = field('Gerenciadora', 'ref');

const declared = (spec: RecordFieldSpec): AuditField =>
  spec.kind === 'flag' ? field(spec.label, 'flag') : spec.kind === 'choice' ? field(spec.label, 'choice', spec.options) : field(spec.label);

/** The catalogues declared by their fields (defineRecord): the labels of their forms. */
const DECLARED: Record<string, Record<string, AuditField>> = Object.fromEntries(
  describedOf(CATALOGUES).map(([name, entry]) => [
    name,
    { ...Object.fromEntries(Object.entries(entry.record.fields).map(([key, spec]) => [key, declared(spec)])), riskManager: RISK_MANAGER },
  ]),
);

const COMPANY = { name: field('Nome'), legalName: field('Razão social'), cnpj: field('CNPJ'), active: ACTIVE, riskManager: RISK_MANAGER };

const PLAN = {
  riskManager: RISK_MANAGER,
  franchise_plan: field('Serviço', 'ref'),
  name: field('Nome da franquia'),
  price: field('Valor do atendimento', 'money'),
  'limits.distance': field('Distância (km)'),
  'limits.intervalType': field('Cálculo do km', 'choice', INTERVAL_TYPE_OPTIONS),
  'limits.hourIntervalType': field('Cálculo das horas', 'choice', HOUR_INTERVAL_TYPE_OPTIONS),
  'limits.time': field('Tempo de operação (hh:mm)'),
  'overages.chargeType': field('Cálculo da hora excedente', 'choice', CHARGE_TYPE_OPTIONS),
  'overages.hourPrice': field('Valor da hora excedente', 'money'),
  'overages.distancePrice': field('Valor do km excedente', 'money'),
  'toll.toCharge': field('Cobrar pedágio', 'flag'),
  'toll.price': field('Valor do pedágio', 'money'),
  active: ACTIVE,
};

const USER = {
  name: field('Nome'),
  email: field('E-mail'),
  'role.perfil': field('Perfil', 'choice', choiceOf(PERFIL_LABELS)),
  'role.type': field('Tipo de conta', 'choice', choiceOf({ admin: 'Plataforma', risk_manager: 'Gerenciadora', service_provider: 'Prestadora' })),
  active: ACTIVE,
  riskManager: RISK_MANAGER,
  serviceProvider: field('Prestadora', 'ref'),
};

/** The stages of a mission's billing side. */
export const BILLING_STATUS_LABELS = { created: 'Pendente', priced: 'Com referência de preços', billed: 'Faturado' } as const;

const BILLING = {
  mission: field('Missão', 'ref'),
  riskManager: RISK_MANAGER,
  type: field('Lado', 'choice', choiceOf({ shipper: 'Cliente', serviceProvider: 'Prestadora' })),
  company: field('Empresa', 'ref'),
  status: field('Situação', 'choice', choiceOf(BILLING_STATUS_LABELS)),
  franchisePlan: field('Referência de preços', 'ref'),
  tollCents: field('Pedágio', 'money'),
  expensesCents: field('Despesas', 'money'),
  additionsCents: field('Acréscimos', 'money'),
  discountsCents: field('Descontos', 'money'),
  priceCents: field('Valor do atendimento', 'money'),
  planTollCents: field('Pedágio da franquia', 'money'),
  timeUsageMinutes: field('Tempo de operação', 'minutes'),
  timeLimitMinutes: field('Tempo da franquia', 'minutes'),
  timeOverageMinutes: field('Tempo excedente', 'minutes'),
  timeOverageCents: field('Valor do tempo excedente', 'money'),
  distanceUsageMetres: field('Distância percorrida', 'metres'),
  distanceLimitMetres: field('Distância da franquia', 'metres'),
  distanceOverageMetres: field('Distância excedente', 'metres'),
  distanceOverageCents: field('Valor da distância excedente', 'money'),
  startDistanceMetres: field('Odômetro inicial', 'metres'),
  endDistanceMetres: field('Odômetro final', 'metres'),
  windowStart: field('Início da contagem', 'dateTime'),
  windowEnd: field('Fim da contagem', 'dateTime'),
  finalCostCents: field('Valor final', 'money'),
  missionCreatedAt: field('Missão criada em', 'dateTime'),
  billedAt: field('Faturado em', 'dateTime'),
  billedBy: field('Faturado por', 'ref'),
};

const prefixed = (prefix: string, labels: Record<string, string>) => Object.fromEntries(Object.entries(labels).map(([key, label]) => [`${prefix}.${key}`, field(label)]));

const THEME = {
  riskManager: RISK_MANAGER,
  fontFamily: field('Fonte'),
  spacing: field('Espaçamento'),
  radius: field('Arredondamento'),
  ...prefixed('fontSizes', THEME_FONT_SIZE_LABELS),
  ...prefixed('colors', THEME_COLOR_LABELS),
  ...prefixed('images', THEME_IMAGE_LABELS),
  'scrollbar.width': field('Largura da barra de rolagem'),
  'scrollbar.thumb': field('Cor da barra de rolagem'),
  'scrollbar.track': field('Fundo da barra de rolagem'),
  components: field('Personalizações de componentes'),
};

const CONFIGS = {
  riskManager: RISK_MANAGER,
  'required.cause': field('Motivo acionamento obrigatório', 'flag'),
  'required.carrier': field('Transportador obrigatório', 'flag'),
  'required.place': field('Local obrigatório', 'flag'),
  'required.leadership': field('Liderança obrigatória', 'flag'),
  'sla.proposal': field('Até a primeira proposta', 'minutes'),
  'sla.accept': field('Da primeira proposta ao aceite', 'minutes'),
  'sla.arrival': field('Tolerância sobre o ETA prometido', 'minutes'),
  'sla.execution': field('Da chegada à finalização', 'minutes'),
  'sla.billing': field('Da finalização ao faturamento', 'minutes'),
};

export const AUDIT_FIELDS: Record<string, Record<string, AuditField>> = {
  ...DECLARED,
  cities: { name: field('Nome'), state: field('Estado', 'ref'), active: ACTIVE },
  shippers: COMPANY,
  providers: {
    ...COMPANY,
    'contacts.phone1': field('Contato principal'),
    'contacts.phone2': field('Contato 2'),
    'contacts.phone3': field('Contato 3'),
    'pfAuthorization.number': field('Autorização da Polícia Federal'),
    'pfAuthorization.validUntil': field('Validade da autorização da Polícia Federal'),
  },
  shipperPlans: { ...PLAN, shipper: field('Embarcador', 'ref') },
  providerPlans: { ...PLAN, serviceProvider: field('Prestadora', 'ref') },
  users: USER,
  providerLogins: USER,
  configs: CONFIGS,
  themes: THEME,
  billing: BILLING,
  trackerDevices: { name: field('Nome'), agent: field('Agente'), serviceProvider: field('Prestadora', 'ref'), revokedAt: field('Revogado em', 'dateTime') },
  webhooks: { url: field('Endereço'), events: field('Eventos'), active: field('Ativo', 'flag'), rotatedAt: field('Segredo rotacionado em', 'dateTime') },
  rosterAgents: {
    name: field('Nome'),
    cpf: field('CPF'),
    cnvNumber: field('Número da CNV'),
    cnvValidUntil: field('Validade da CNV'),
    refresherOn: field('Última reciclagem'),
    active: field('Ativo', 'flag'),
    serviceProvider: field('Prestadora', 'ref'),
  },
  twoFactor: { requireForAdminAndTi: field('Exigir verificação em duas etapas dos perfis Administrador e TI', 'flag') },
};

/**
 * A field's label and kind; a field nobody declared yet (a catalogue added later) keeps its name,
 * its kind read from the name as the database names things (…Cents, …At, active).
 */
export function auditField(entity: string, path: string): AuditField {
  const declaredField = Object.hasOwn(AUDIT_FIELDS, entity) ? AUDIT_FIELDS[entity]?.[path] : undefined;
  if (declaredField) return declaredField;
  if (path === 'active') return ACTIVE;
  if (path.endsWith('Cents')) return field(path, 'money');
  if (path.endsWith('At')) return field(path, 'dateTime');
  return field(path);
}

/** The ids an entry's values point to (the server reads their names). */
export function auditReferences(entity: string, values: Record<string, unknown> | null): string[] {
  if (!values) return [];
  return Object.entries(values).flatMap(([path, value]) => (typeof value === 'string' && auditField(entity, path).kind === 'ref' ? [value] : []));
}

/** A mission as the trail names it (its process number), or one of its billing sides. */
export function auditMissionName(processNumber: string | null, side?: string): string {
  const mission = processNumber ? `Processo ${processNumber}` : 'Missão sem número de processo';
  const sideLabel = side === undefined ? undefined : optionLabelOf(BILLING.type, side);
  return sideLabel ? `${mission} · ${sideLabel}` : mission;
}

const optionLabelOf = (f: AuditField, value: string) => f.options?.find((o) => o.value === value)?.label;
