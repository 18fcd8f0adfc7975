/**
 * The generic detail form (docs/rules/catalogues.md): titled sections of label/value rows, create layout
 * editable, edit layout read-only until Editar (toggles stay editable unless read-only), buttons
 * Voltar, Editar, Deletar, Cancelar and Salvar, validation by the declaration's shared yup schema,
 * server errors under the fields. Used inside the dialog and, for single records, on its own.
 */
import { yupResolver } from '@hookform/resolvers/yup';
import { Box, Button, Divider, Stack, Typography } from '@mui/material';
import { Suspense, useMemo, useRef, useState, type BaseSyntheticEvent, type ReactNode } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import type { AnyObjectSchema } from 'yup';
import { newIdempotencyKey } from '../../dataProvider/httpClient';
import { DeleteConfirmDialog } from '../../layout/DeleteConfirmDialog';
import { FieldRow } from './FieldRow';
import type { DeclaredSchema, FieldContext, FieldDeclaration, FormMode, FormValues, ResourceDeclaration } from './types';
import { useRecordMutations } from './useRecordMutations';
import { evalRule, setPath } from './values';

export interface RecordFormProps {
  declaration: ResourceDeclaration;
  mode: FormMode;
  record?: FormValues;
  /** User and parent of the screen; mode and record are added here. */
  ctx: Omit<FieldContext, 'mode' | 'record'>;
  /** After a successful save or delete. */
  onDone: () => void;
  /** Voltar; no button when the screen has its own. */
  onBack?: () => void;
  /** Open an existing record already in Editar (its edit URL), when the user may edit it. */
  startEditing?: boolean;
  /** Editar pressed or Cancelar: the dialog's URL follows (RecordRoutes.tsx). */
  onEditingChange?: (editing: boolean) => void;
  /** Places the form body and the buttons (the dialog puts them in its content and actions bar). */
  layout?: (body: ReactNode, buttons: ReactNode, state: FormScreenState) => ReactNode;
}

/** What the screen around the form shows: 'Editar' in its title, a warning before discarding. */
export interface FormScreenState {
  editing: boolean;
  dirty: boolean;
}

export function schemaFor(declaration: ResourceDeclaration, ctx: FieldContext): AnyObjectSchema {
  const schema = declaration.schema as DeclaredSchema;
  if (typeof schema === 'function') return schema(ctx);
  return 'validate' in schema ? schema : schema[ctx.mode];
}

export function visibleFields(declaration: ResourceDeclaration, ctx: FieldContext): FieldDeclaration[] {
  return declaration.fields.filter(
    (field) => !evalRule(field.hidden, ctx) && (!field.createOnly || ctx.mode === 'create'),
  );
}

function initialValues(declaration: ResourceDeclaration, ctx: FieldContext): FormValues {
  if (ctx.record) return ctx.record;
  let values: FormValues = declaration.createDefaults?.(ctx) ?? {};
  for (const field of declaration.fields) {
    const value = typeof field.defaultValue === 'function' ? field.defaultValue(ctx) : field.defaultValue;
    if (value !== undefined) values = setPath(values, field.source, value);
  }
  return values;
}

export function RecordForm({ declaration, mode, record, ctx: base, onDone, onBack, layout, startEditing = false, onEditingChange }: RecordFormProps) {
  const ctx: FieldContext = useMemo(() => ({ ...base, mode, record }), [base, mode, record]);
  const access = declaration.access ?? {};
  const canEdit = mode === 'create' ? (access.create?.(ctx.user) ?? true) : (access.edit?.(ctx.user, record) ?? true);
  const [editing, setEditingState] = useState(mode === 'create' || (startEditing && canEdit));
  const setEditing = (value: boolean) => {
    setEditingState(value);
    onEditingChange?.(value);
  };
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const schema = useMemo(() => schemaFor(declaration, ctx), [declaration, ctx]);
  const defaultValues = useMemo(() => initialValues(declaration, ctx), [declaration, ctx]);
  const form = useForm<FormValues>({
    defaultValues,
    // The shared schemas are typed per entity; the form holds them as plain records.
    resolver: yupResolver(schema) as unknown as Resolver<FormValues>,
  });
  const { isDirty } = form.formState;
  const mutations = useRecordMutations(declaration, ctx.parentId);
  const { isSaving, isDeleting } = mutations;

  const canDelete = mode === 'edit' && (access.delete?.(ctx.user, record) ?? true);
  const fields = visibleFields(declaration, ctx);
  const sources = new Set(fields.map((f) => f.source));

  // One submission at a time, with one Idempotency-Key: a double click or Enter while saving is
  // the same submission, never a second record. The ref answers before React re-renders.
  const submission = useRef<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const settle = () => {
    submission.current = null;
    setSubmitting(false);
  };
  const validateAndSave = (event?: BaseSyntheticEvent) =>
    form.handleSubmit((values) => {
      const data = declaration.toSubmit ? declaration.toSubmit(values, ctx) : values;
      mutations.save(record, data, {
        idempotencyKey: submission.current ?? undefined,
        onSuccess: () => {
          settle();
          onDone();
        },
        onFailure: ({ fieldErrors }) => {
          settle();
          for (const { path, message } of fieldErrors) {
            if (sources.has(path)) form.setError(path, { type: 'server', message });
          }
        },
      });
    }, settle)(event);
  const submit = (event?: BaseSyntheticEvent) => {
    event?.preventDefault();
    if (submission.current !== null) return;
    submission.current = newIdempotencyKey();
    setSubmitting(true);
    void validateAndSave(event).catch(settle);
  };
  const saving = submitting || isSaving;
  const deletion = useRef(false);

  const cancelEdit = () => {
    form.reset(defaultValues);
    setEditing(false);
  };

  const isEditable = (field: FieldDeclaration) =>
    canEdit && !evalRule(field.readOnly, ctx) && (editing || field.type === 'boolean');

  const RecordActions = declaration.recordActions;
  const buttons = (
    <Stack direction="row" spacing={1} sx={{ width: '100%', justifyContent: 'flex-end' }}>
      {onBack && (
        <Button onClick={onBack} disabled={saving}>
          Voltar
        </Button>
      )}
      {mode === 'edit' && !editing && canEdit && (
        <Button variant="outlined" onClick={() => setEditing(true)}>
          Editar
        </Button>
      )}
      {RecordActions && record && mode === 'edit' && !editing && (
        <Suspense fallback={null}>
          <RecordActions record={record} user={ctx.user} />
        </Suspense>
      )}
      {canDelete && !editing && (
        <Button variant="outlined" color="error" onClick={() => setConfirmingDelete(true)}>
          Deletar
        </Button>
      )}
      {mode === 'edit' && editing && (
        <Button onClick={cancelEdit} disabled={saving}>
          Cancelar
        </Button>
      )}
      {canEdit && (editing || isDirty) && (
        <Button variant="contained" onClick={submit} loading={saving}>
          Salvar
        </Button>
      )}
    </Stack>
  );

  const body = (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={declaration.entity}>
      {declaration.sections.map((section, i) => {
        const sectionFields = section.fields
          .map((source) => fields.find((f) => f.source === source))
          .filter((f): f is FieldDeclaration => f !== undefined);
        if (sectionFields.length === 0) return null;
        return (
          <Box key={section.title} component="section" sx={{ mb: 2 }}>
            {i > 0 && <Divider sx={{ mb: 2 }} />}
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
              {section.title}
            </Typography>
            {sectionFields.map((field) => (
              <FieldRow key={field.source} field={field} ctx={ctx} editable={isEditable(field)} />
            ))}
          </Box>
        );
      })}
      {/* Enter in a text field submits; the visible Salvar is in the actions bar. */}
      <button type="submit" hidden disabled={!editing} />
    </Box>
  );

  return (
    <FormProvider {...form}>
      {layout ? (
        layout(body, buttons, { editing, dirty: isDirty })
      ) : (
        <>
          {body}
          <Box sx={{ mt: 2 }}>{buttons}</Box>
        </>
      )}
      {record && (
        <DeleteConfirmDialog
          open={confirmingDelete}
          entity={declaration.entity}
          loading={isDeleting}
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={() => {
            // As for Salvar: a second click while the first delete is on its way is the same one.
            if (deletion.current) return;
            deletion.current = true;
            mutations.remove(record, {
              onSuccess: () => {
                deletion.current = false;
                setConfirmingDelete(false);
                onDone();
              },
              onFailure: () => {
                deletion.current = false;
                setConfirmingDelete(false);
              },
            });
          }}
        />
      )}
    </FormProvider>
  );
}
