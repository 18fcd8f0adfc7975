import { describe, expect, it } from 'vitest';
import { auditChanges, auditRecordText, auditSideText, auditValueText } from '../../src/domain/audit/format';
import { formatSaoPauloDateTime } from '../../src/domain/validators/dates';
import { durationText } from '../../src/domain/validators/time';

describe('an audit entry reads as people read it', () => {
  const billed = {
    entity: 'billing',
    record: '5f0000000000000000000a01',
    names: { '5f0000000000000000000a01': 'Processo 2026-0042 · Cliente', '5f0000000000000000001005': 'Gestor Demo' },
    before: { status: 'priced', billedAt: null, billedBy: null, tollCents: 0, timeUsageMinutes: 65, distanceUsageMetres: 12500 },
    after: { status: 'billed', billedAt: '2026-11-27T17:48:05.900Z', billedBy: '5f0000000000000000001005', tollCents: 3550, timeUsageMinutes: 45, distanceUsageMetres: 1000 },
  };

  it('field labels, status labels, money, São Paulo time, names, durations and distances', () => {
    expect(auditChanges(billed)).toEqual([
      { label: 'Situação', before: 'Com referência de preços', after: 'Faturado' },
      { label: 'Faturado em', before: '—', after: '27/11/2026 14:48' },
      { label: 'Faturado por', before: '—', after: 'Gestor Demo' },
      { label: 'Pedágio', before: 'R$ 0,00', after: 'R$ 35,50' },
      { label: 'Tempo de operação', before: '1 h 05 min', after: '45 min' },
      { label: 'Distância percorrida', before: '12,5 km', after: '1 km' },
    ]);
    expect(auditRecordText(billed)).toBe('Processo 2026-0042 · Cliente');
    expect(auditSideText(billed, 'after').split('\n')[0]).toBe('Situação: Faturado');
  });

  it('labels of the catalogues come from their declarations; an id nobody named stays an id', () => {
    expect(auditChanges({ entity: 'causes', names: {}, before: { name: 'A' }, after: { name: 'B' } })).toEqual([{ label: 'Motivo', before: 'A', after: 'B' }]);
    expect(auditValueText('users', 'role.perfil', 'operational')).toBe('Operacional');
    expect(auditValueText('shipperPlans', 'price', 12345)).toBe('R$ 123,45');
    expect(auditValueText('billing', 'billedBy', '5f0000000000000000009999')).toBe('5f0000000000000000009999');
    expect(auditRecordText({ record: '5f0000000000000000009999', names: {} })).toBe('5f0000000000000000009999');
  });

  it('São Paulo time whatever the machine’s zone, and durations never read as clock times', () => {
    expect(formatSaoPauloDateTime('2026-11-27T02:05:09Z', { seconds: true })).toBe('26/11/2026 23:05:09');
    expect([0, 45, 60, 65, 125].map(durationText)).toEqual(['0 min', '45 min', '1 h', '1 h 05 min', '2 h 05 min']);
  });
});
