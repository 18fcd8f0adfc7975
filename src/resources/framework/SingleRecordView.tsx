/**
 * A declaration edited as one record in place (Parâmetros da missão): the detail form without a
 * list. Admins, who see one record per risk manager, first pick whose record to edit.
 */
import { Alert, Box, Button, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetList } from 'react-admin';
import { RecordForm } from './RecordForm';
import { Spinner } from '../../layout/Spinner';
import type { FieldContext, FormValues, ResourceDeclaration } from './types';
import { ALL_ROWS, useReferenceOptions } from './useFieldOptions';
import { EMPTY_LIST_TEXT, LOAD_ERROR_TEXT, RETRY_TEXT } from './texts';
import { valueAt } from '../../dataProvider/listQuery';
import { BackButton } from './BackButton';

export interface SingleRecordViewProps {
  declaration: ResourceDeclaration;
  ctx: Omit<FieldContext, 'mode' | 'record'>;
  title: string;
  /** Voltar; no button when absent. */
  onBack?: () => void;
}

export function SingleRecordView({ declaration, ctx, title, onBack }: SingleRecordViewProps) {
  const { data, isPending, error, refetch, dataUpdatedAt } = useGetList<FormValues & { id: string }>(declaration.name, {
    pagination: ALL_ROWS,
    sort: { field: 'id', order: 'ASC' },
    meta: { parentId: ctx.parentId },
  });
  const single = declaration.single;
  const picker = single
    ? { type: 'select' as const, source: single.pickerSource, label: single.pickerLabel, reference: single.pickerReference }
    : undefined;
  const records = data ?? [];
  const needsPicker = records.length > 1 && picker !== undefined;
  const { options } = useReferenceOptions(picker, { ...ctx, mode: 'edit' }, needsPicker);
  const [chosen, setChosen] = useState<string>('');
  const record = needsPicker ? records.find((r) => String(valueAt(r, picker.source)) === chosen) : records[0];

  return (
    <Box>
      <BackButton onBack={onBack} />
      <Paper sx={{ p: 2 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {isPending ? (
          <Spinner />
        ) : error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                {RETRY_TEXT}
              </Button>
            }
          >
            {LOAD_ERROR_TEXT}
          </Alert>
        ) : records.length === 0 ? (
          <Typography color="text.secondary">{EMPTY_LIST_TEXT}</Typography>
        ) : (
          <>
            {needsPicker && (
              <TextField
                select
                size="small"
                label={picker.label}
                value={chosen}
                onChange={(event) => setChosen(event.target.value)}
                sx={{ minWidth: 280, mb: 2 }}
              >
                {records.map((r) => {
                  const value = String(valueAt(r, picker.source));
                  const label = options?.find((o) => o.value === value)?.label ?? value;
                  return (
                    <MenuItem key={String(r.id)} value={value}>
                      {label}
                    </MenuItem>
                  );
                })}
              </TextField>
            )}
            {record && (
              <RecordForm
                key={`${String(record.id)}-${dataUpdatedAt}`}
                declaration={declaration}
                mode="edit"
                record={record}
                ctx={ctx}
                onDone={() => void refetch()}
              />
            )}
          </>
        )}
      </Paper>
    </Box>
  );
}
