/**
 * One label/value row of the detail form (label column 200px). Read-only rows show the text a
 * person reads (Sim/Não, option labels, masks, money); editable rows show the field's input.
 */
import { Box, FormHelperText, Typography } from '@mui/material';
import { useId } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { FieldInput, pickedByReference } from './FieldInput';
import type { FieldContext, FieldDeclaration, FormValues } from './types';
import { recordTenant, useFieldOptions } from './useFieldOptions';
import { valueAt } from '../../dataProvider/listQuery';
import { fieldText } from './values';

export const LABEL_COLUMN_WIDTH = 200;

export interface FieldRowProps {
  field: FieldDeclaration;
  ctx: FieldContext;
  editable: boolean;
}

export function FieldRow({ field, ctx, editable }: FieldRowProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const labelId = `${id}-label`;
  const values = useWatch() as FormValues;
  const tenant = recordTenant(values, ctx);
  const options = useFieldOptions(field, ctx, tenant);
  const disabled = field.disabledWhen?.(values) ?? false;
  // A server error may name a field shown read-only (e.g. a toggle saved in view mode).
  const { errors } = useFormState({ name: field.source });
  const readOnlyError = editable ? undefined : (valueAt(errors, field.source) as { message?: string } | undefined)?.message;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: `${LABEL_COLUMN_WIDTH}px 1fr` },
        alignItems: 'center',
        columnGap: 2,
        rowGap: 0.5,
        py: 0.75,
      }}
    >
      <Typography
        component="label"
        id={labelId}
        htmlFor={editable && (field.type !== 'select' || pickedByReference(field)) ? inputId : undefined}
        variant="body2"
        sx={{ fontWeight: 600, color: 'text.secondary' }}
      >
        {field.label}
      </Typography>
      <Box>
        {editable ? (
          <FieldInput field={field} ctx={ctx} tenant={tenant} inputId={inputId} labelId={labelId} disabled={disabled} options={options} />
        ) : (
          <>
            <Typography variant="body1" aria-labelledby={labelId} data-testid={`value-${field.source}`}>
              {fieldText(field, values, field.source, options) || '-'}
            </Typography>
            {readOnlyError && <FormHelperText error>{readOnlyError}</FormHelperText>}
          </>
        )}
      </Box>
    </Box>
  );
}
