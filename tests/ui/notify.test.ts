import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts, notify, showingPage, TOAST_LIMIT } from '../../src/layout/notify';

afterEach(() => notify.dismiss());

describe('notify (top-right; error 4 s, success 2 s, info 4 s, loading persistent; limit 20)', () => {
  it('hides each type after its duration', () => {
    vi.useFakeTimers();
    notify.success('ok');
    notify.error('falhou');
    notify.info('aviso');
    notify.loading('carregando...');
    expect(getToasts().map((t) => [t.type, t.duration, t.position])).toEqual([
      ['success', 2000, 'top-right'],
      ['error', 4000, 'top-right'],
      ['info', 4000, 'top-right'],
      ['loading', null, 'top-right'],
    ]);
    vi.advanceTimersByTime(1999);
    expect(getToasts()).toHaveLength(4);
    vi.advanceTimersByTime(1);
    expect(getToasts().map((t) => t.type)).toEqual(['error', 'info', 'loading']);
    vi.advanceTimersByTime(2000);
    expect(getToasts().map((t) => t.type)).toEqual(['loading']);
    vi.advanceTimersByTime(60_000);
    expect(getToasts().map((t) => t.type)).toEqual(['loading']);
  });

  it('an error goes once something succeeds, or the user fixed it (dismissErrors)', () => {
    notify.error('Código inválido');
    notify.info('aviso');
    notify.success('Senha alterada');
    expect(getToasts().map((t) => t.message)).toEqual(['aviso', 'Senha alterada']);
    notify.error('Código inválido');
    notify.dismissErrors();
    expect(getToasts().map((t) => t.message)).toEqual(['aviso', 'Senha alterada']);
  });

  it('an error of a page left behind goes; one shown on the new page stays', () => {
    showingPage('/login');
    notify.error('Usuário ou senha inválidos');
    notify.info('aviso');
    showingPage('/home/missions');
    notify.error('Falhou aqui');
    showingPage('/home/missions');
    expect(getToasts().map((t) => t.message)).toEqual(['aviso', 'Falhou aqui']);
  });

  it('replaces a loading toast by id with its outcome', () => {
    vi.useFakeTimers();
    const id = notify.loading('Removendo proposta...');
    notify.success('Proposta removida com sucesso', { id });
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ id, type: 'success', message: 'Proposta removida com sucesso' });
    vi.advanceTimersByTime(2000);
    expect(getToasts()).toHaveLength(0);
  });

  it('keeps at most 20, dropping the oldest', () => {
    for (let i = 0; i < TOAST_LIMIT + 5; i++) notify.loading(`t${i}`);
    expect(TOAST_LIMIT).toBe(20);
    expect(getToasts()).toHaveLength(20);
    expect(getToasts()[0]?.message).toBe('t5');
  });
});
