/**
 * The cargo's NF-e, CT-e and MDF-e access keys in a mission form (docs/rules/fiscal-documents.md):
 * one text box per document, a key per line, typed as printed ('3526 1111 …') or bare; the shared
 * schema normalises and checks them (src/domain/schemas/fiscalKeys.ts).
 */
import { Box, Typography } from '@mui/material';
import { FISCAL_KIND_LABELS, FISCAL_KINDS, formatFiscalKey } from '../../domain/validators/fiscalKey';
import { FormText } from './FormText';

export interface FiscalKeysInput {
  nfe: string;
  cte: string;
  mdfe: string;
}

export const EMPTY_FISCAL_KEYS: FiscalKeysInput = { nfe: '', cte: '', mdfe: '' };

/** Stored keys as the text boxes show them: one per line, in groups of four. */
export const fiscalKeysInput = (keys: Record<keyof FiscalKeysInput, readonly string[]>): FiscalKeysInput => ({
  nfe: keys.nfe.map(formatFiscalKey).join('\n'),
  cte: keys.cte.map(formatFiscalKey).join('\n'),
  mdfe: keys.mdfe.map(formatFiscalKey).join('\n'),
});

export const FISCAL_KEYS_HINT = 'Uma chave de 44 caracteres por linha';

/** `prefix`: where the three lists sit in the form's values ('fiscalKeys.' in Nova Missão, '' alone). */
export function FiscalKeysFields({ prefix = '' }: { prefix?: string }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Documentos fiscais da carga
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {FISCAL_KINDS.map((kind) => (
          <FormText key={kind} name={`${prefix}${kind}`} label={`Chaves de ${FISCAL_KIND_LABELS[kind]}`} optional multiline hint={FISCAL_KEYS_HINT} />
        ))}
      </Box>
    </Box>
  );
}
