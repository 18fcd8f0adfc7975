import { describe, expect, it } from 'vitest';
import { canWriteChat, canWriteSubCollection, chatTitle, crudOptionOf, detailsToasts, nothingToDelete, pickedFileProblem } from '../../src/domain/missionDetails';
import { vehicleSchema } from '../../src/domain/schemas/missionDetails';

describe('mission details domain', () => {
  it('keeps the spec-quoted texts', () => {
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
