import polyglotI18nProvider from 'ra-i18n-polyglot';
import portugueseMessages from 'ra-language-portuguese';
import type { TranslationMessages } from 'ra-core';
import { appMessages } from './appMessages';
import { raMissingMessages } from './raMissing';

type Tree = { [key: string]: string | Tree };

/** Deep merge: later trees win key by key. */
export function mergeMessages(...trees: object[]): Tree {
  const out: Tree = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree) as [string, unknown][]) {
      const prev = out[key];
      out[key] =
        typeof value === 'object' && value !== null
          ? mergeMessages(typeof prev === 'object' ? prev : {}, value)
          : (value as string);
    }
  }
  return out;
}

/** react-admin's pt catalogue, completed for react-admin 5, then the app's own keys. */
export const ptBRMessages = mergeMessages(portugueseMessages, raMissingMessages, appMessages) as unknown as TranslationMessages;

export const i18nProvider = polyglotI18nProvider(() => ptBRMessages, 'pt-BR', [{ locale: 'pt-BR', name: 'Português' }], {
  allowMissing: true,
});
