import { describe, expect, it } from 'vitest';
import {
  CHARGE_TYPE_OPTIONS,
  FRANCHISE_TYPE_FORM_OPTIONS,
  FRANCHISE_TYPE_OPTIONS,
  HOUR_INTERVAL_TYPE_OPTIONS,
  INTERVAL_TYPE_OPTIONS,
  optionLabel,
} from '../../src/domain/enums';
import * as messages from '../../src/domain/messages';
import * as schemas from '../../src/domain/schemas';
import { validateSync } from '../../src/domain/validate';

describe('enumerations', () => {
  it('carry the contract labels', () => {
    expect(FRANCHISE_TYPE_OPTIONS).toEqual([
      { value: 'service_provider', label: 'Prestadora de Serviços' },
      { value: 'shipper', label: 'Embarcador' },
    ]);
    expect(FRANCHISE_TYPE_FORM_OPTIONS).toEqual([{ value: 'service_provider', label: 'Prestadora de Serviços' }]);
    expect(optionLabel(INTERVAL_TYPE_OPTIONS, 'start_end')).toBe('Base a base (retorno à base)');
    expect(optionLabel(INTERVAL_TYPE_OPTIONS, 'start_place')).toBe('Base ao destino final');
    expect(optionLabel(HOUR_INTERVAL_TYPE_OPTIONS, 'start_endOnPlace')).toBe('Base ao destino final');
    expect(optionLabel(HOUR_INTERVAL_TYPE_OPTIONS, 'arrivalOnPlace_endOnPlace')).toBe('Origem da operação ao destino final');
    expect(optionLabel(CHARGE_TYPE_OPTIONS, 'full_time')).toBe('Hora cheia (1 min = 1 h)');
    expect(optionLabel(CHARGE_TYPE_OPTIONS, 'fraction_time')).toBe('Hora fracionada');
    expect(optionLabel(CHARGE_TYPE_OPTIONS, 'other')).toBeUndefined();
    expect(optionLabel(CHARGE_TYPE_OPTIONS, null)).toBeUndefined();
    expect(optionLabel([{ value: null, label: 'Todos' }], null)).toBe('Todos');
  });
});

describe('messages', () => {
  const exported = new Set(Object.values(messages).filter((v: unknown): v is string => typeof v === 'string'));

  /** Messages an empty form gets from a schema: what the person reads under each field. */
  const emptyFormMessages = (schema: Parameters<typeof validateSync>[0]): string[] => {
    const result = validateSync(schema, {});
    return result.ok ? [] : result.issues.map((issue) => issue.message);
  };

  // docs/rules/validation.md, each with the form (schema) that shows it.
  const ADMIN_FORM_MESSAGES: [string, Parameters<typeof validateSync>[0]][] = [
    ['Preencha o motivo do acionamento', schemas.causeSchema],
    ['Preencha o nome do transportador', schemas.carrierSchema],
    ['Preencha o nome do local', schemas.placeSchema],
    ['Preencha o nome da liderança', schemas.leadershipSchema],
    ['Preencha o nome do solicitante', schemas.requesterSchema],
    ['Preencha o nome do estado', schemas.stateSchema],
    ['Preencha o nome da cidade', schemas.citySchema],
    ['Preencha o estado da cidade', schemas.citySchema],
    ['Preencha o nome do embarcardor', schemas.shipperSchema],
    ['Preencha a razão social do embarcardor', schemas.shipperSchema],
    ['Preencha o CNPJ do embarcardor', schemas.shipperSchema],
    ['Preencha o nome do prestador', schemas.serviceProviderSchema],
    ['Preencha a razão social do prestador', schemas.serviceProviderSchema],
    ['Preencha o CNPJ do prestador', schemas.serviceProviderSchema],
    ['Preencha o contato principal do prestador', schemas.serviceProviderSchema],
    ['Preencha o e-mail do prestador', schemas.providerLoginCreateSchema],
    ['Preencha a senha para o login', schemas.providerLoginCreateSchema],
    ['Preencha a senha para o login', schemas.userCreateSchema],
    ['Preencha o tipo da franquia', schemas.shipperFranchisePlanSchema],
    ['Preencha o tipo da franquia', schemas.providerFranchisePlanSchema],
    ['Preencha o nome do serviço', schemas.franchiseSchema],
    ['Preencha a modalidade', schemas.franchiseSchema],
    ['Preencha o nome do usuário', schemas.userCreateSchema],
    ['Preencha o e-mail do usuário', schemas.userCreateSchema],
    ['Preencha o perfil do usuário', schemas.userCreateSchema],
    // Users of an admin (no risk manager of their own) and the catalogues an admin creates.
    ['Preencha a gerenciadora de risco', schemas.withRequiredRiskManager(schemas.userCreateSchema, messages.USER_RISK_MANAGER_REQUIRED)],
    ['Preencha a gestora de risco', schemas.withRequiredRiskManager(schemas.causeSchema)],
  ];

  it.each(ADMIN_FORM_MESSAGES)("'%s' shows on the empty form of its schema", (message, schema) => {
    expect(emptyFormMessages(schema)).toContain(message);
  });

  it('hold the general, login and reset messages verbatim', () => {
    const spec = [
      'Formato de e-mail inválido', 'Preenchimento obrigatório', 'Campo obrigatório', 'Selecione ao menos uma opção',
      'CNPJ inválido', 'CPF inválido', 'Celular inválido', 'CEP inválido', 'Placa inválida. Ex: ABC-1234 ou ABC1D23',
      'Formato inválido. Use hh:mm', 'Horas devem estar entre 0 e 99', 'Minutos devem estar entre 0 e 59',
      'Preencha o e-mail', 'Preencha a senha', 'Código inválido', 'Preencha a nova senha', 'Confirme a nova senha',
    ];
    for (const text of spec) expect(exported, text).toContain(text);
    expect(messages.minValue(-90)).toBe('Valor mínimo: -90');
    expect(messages.maxValue(180)).toBe('Valor máximo: 180');
  });
});
