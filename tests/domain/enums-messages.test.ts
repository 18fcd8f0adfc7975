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
    expect(optionLabel(CHARGE_TYPE_OPTIONS, 'other')).toBe('other');
    expect(optionLabel(CHARGE_TYPE_OPTIONS, null)).toBe('');
  });
});

describe('messages', () => {
  const exported = new Set(Object.values(messages).filter((v: unknown): v is string => typeof v === 'string'));

  it('hold every admin-form required message of spec 5 verbatim', () => {
    const spec = [
      'Preencha o motivo do acionamento', 'Preencha o nome do transportador', 'Preencha o nome do local',
      'Preencha o nome da liderança', 'Preencha o nome do solicitante', 'Preencha o nome do estado',
      'Preencha o nome da cidade', 'Preencha o estado da cidade', 'Preencha o nome do embarcardor',
      'Preencha a razão social do embarcardor', 'Preencha o CNPJ do embarcardor', 'Preencha o nome do prestador',
      'Preencha a razão social do prestador', 'Preencha o CNPJ do prestador', 'Preencha o contato principal do prestador',
      'Preencha o e-mail do prestador', 'Preencha a senha para o login', 'Preencha o tipo da franquia',
      'Preencha o nome do serviço', 'Preencha a modalidade', 'Preencha o nome do usuário', 'Preencha o e-mail do usuário',
      'Preencha o perfil do usuário', 'Preencha a gerenciadora de risco', 'Preencha a gestora de risco',
    ];
    for (const text of spec) expect(exported, text).toContain(text);
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
