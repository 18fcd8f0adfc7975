import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { i18nProvider, ptBRMessages } from '../../src/i18n/i18nProvider';

const keysOf = (tree: object, prefix = ''): string[] =>
  (Object.entries(tree) as [string, unknown][]).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('pt-BR catalogue', () => {
  it('covers every key of react-admin 5 (so no English shows up)', () => {
    const pt = new Set(keysOf(ptBRMessages));
    expect(keysOf(englishMessages).filter((k) => !pt.has(k))).toEqual([]);
  });

  it('keeps ra-language-portuguese texts and applies the app overrides', () => {
    expect(i18nProvider.translate('ra.action.save')).toBe('Salvar');
    expect(i18nProvider.translate('ra.notification.updated', { smart_count: 1 })).toBe('Salvo com sucesso');
    expect(i18nProvider.translate('ra.notification.http_error')).toBe('Não foi possível salvar no momento, tente novamente mais tarde');
    expect(i18nProvider.translate('ra.navigation.skip_nav')).toBe('Pular para o conteúdo');
    expect(i18nProvider.getLocale()).toBe('pt-BR');
  });
});
