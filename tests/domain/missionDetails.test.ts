import { describe, expect, it } from 'vitest';
import { canWriteChat, canWriteSubCollection, chatTitle, crudOptionOf, detailsToasts, nothingToDelete, pickedFileProblem } from '../../src/domain/missionDetails';
import { securityAgentSchema, timeInFuture, vehicleSchema } from '../../src/domain/schemas/missionDetails';
import { validateSync } from '../../src/domain/validate';

describe('mission details domain', () => {
  it('keeps the product’s texts', () => {
    expect(detailsToasts('vehicles', 'add').failure).toBe('Não foi possível adicionar o veículo');
    expect(detailsToasts('attachments', 'delete').failure).toBe('Não foi possível deletar o arquivo');
    expect(['vehicles', 'ocurrencies', 'securityagents', 'attachments'].map((c) => nothingToDelete(c as never))).toEqual([
      'Não há veículo para deletar',
      'Não há ocorrência para deletar',
      'Não há prestador para deletar',
      'Não há anexo para deletar',
    ]);
    expect(chatTitle('Escolta Sul', true)).toBe('Chat com Escolta Sul');
    expect(chatTitle('Escolta Sul', false)).toBe('Chat com a gerenciadora de risco');
  });

  it('writers by collection, only while started', () => {
    expect(canWriteSubCollection('vehicles', 'riskManager', 'started')).toBe(true);
    expect(canWriteSubCollection('vehicles', 'holder', 'started')).toBe(false);
    expect(canWriteSubCollection('securityagents', 'holder', 'started')).toBe(true);
    expect(canWriteSubCollection('attachments', 'holder', 'finished')).toBe(false);
    expect(canWriteSubCollection('ocurrencies', 'admin', 'started')).toBe(false);
    expect(canWriteChat('riskManager', 'started')).toBe(true);
    expect(canWriteChat('admin', 'started')).toBe(false);
    expect(canWriteChat('holder', 'billed')).toBe(false);
    expect([crudOptionOf('occurrences'), crudOptionOf('ocurrencies'), crudOptionOf('attachments'), crudOptionOf('toString')]).toEqual([
      'ocurrencies',
      'ocurrencies',
      null,
      null,
    ]);
  });

  it('normalises plates and checks picked files', () => {
    const cast = (plate: string) => vehicleSchema.validateSync({ driver: 'A', type: 'car', plate }).plate;
    expect([cast('abc1d23'), cast('abc1234'), cast(' abc-1234 ')]).toEqual(['ABC1D23', 'ABC-1234', 'ABC-1234']);
    expect(pickedFileProblem({ type: 'text/html', size: 10 })).toBe('type');
    expect(pickedFileProblem({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe('size');
    expect(pickedFileProblem({ type: 'application/pdf', size: 10 * 1024 * 1024 })).toBeNull();
  });
});

describe('rules about now: odometer times and vehicle years, against the clock in the context', () => {
  const NOW = new Date('2026-11-27T12:00:00.000Z');
  const clock = { now: () => NOW };
  const minutesFromNow = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
  const agent = (endTime: string) => ({
    name: 'Rui',
    odometer: {
      start: { km: '1000', time: minutesFromNow(-240) },
      arrivalOnPlace: { km: '1030', time: minutesFromNow(-200) },
      endOnPlace: { km: '1090', time: minutesFromNow(-30) },
      end: { km: '1130', time: endTime },
    },
  });

  it('an odometer time more than 5 minutes ahead of the clock is refused, naming its point; up to 5 minutes is taken', () => {
    expect(validateSync(securityAgentSchema, agent(minutesFromNow(5)), { context: clock }).ok).toBe(true);
    for (const ahead of [6, 258, 60 * 24 * 365]) {
      expect(validateSync(securityAgentSchema, agent(minutesFromNow(ahead)), { context: clock })).toEqual({
        ok: false,
        issues: [{ code: 'too_big', path: 'odometer.end.time', message: 'Horário de fim da missão não pode estar no futuro' }],
      });
    }
    expect(timeInFuture('start')).toBe('Horário de início da missão não pode estar no futuro');
  });

  it("the clock is the context's: the same reading passes once that clock has reached it; without one, this machine's", () => {
    const later = { now: () => new Date(NOW.getTime() + 2 * 3_600_000) };
    expect(validateSync(securityAgentSchema, agent(minutesFromNow(60)), { context: later }).ok).toBe(true);
    expect(validateSync(securityAgentSchema, agent(new Date(Date.now() + 3_600_000).toISOString())).ok).toBe(false);
  });

  it('a vehicle year after next year is refused with the largest allowed; next year is taken', () => {
    const vehicle = (year: number) => ({ driver: 'Ana', type: 'car', plate: 'ABC1D23', year });
    expect(validateSync(vehicleSchema, vehicle(2027), { context: clock }).ok).toBe(true);
    for (const year of [2028, 2099, 12345]) {
      expect(validateSync(vehicleSchema, vehicle(year), { context: clock })).toEqual({
        ok: false,
        issues: [{ code: 'too_big', path: 'year', message: 'Valor máximo: 2027' }],
      });
    }
    expect(validateSync(vehicleSchema, vehicle(2028), { context: { now: () => new Date('2027-06-01T12:00:00Z') } }).ok).toBe(true);
  });
});
