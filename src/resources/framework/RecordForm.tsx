/**
 * The generic detail form (docs/rules/catalogues.md) on react-admin's <Form>: titled sections of
 * label/value rows, create layout editable, edit layout read-only until Editar (toggles stay
 * editable unless read-only), buttons Voltar, Editar, Deletar, Cancelar and Salvar (<SaveButton>),
 * validation by the declaration's shared yup schema (yupResolver), server errors under the fields
 * (the onSubmit's returned errors). Used inside the dialog and, for single records, on its own.
 *
 * Hand-written beside react-admin: the label/value rows and read-only-until-Editar (react-admin's
 * <SimpleForm> is a column of always-editable inputs with its own toolbar), and the save through
 * useCreate/useUpdate in the form's onSubmit rather than <Create>/<Edit>, whose pages the record
 * dialogs replace (RecordRoutes.tsx).
 */
import { yupResolver } from '@hookform/resolvers/yup';
import { Box, Button, Divider, Stack, Typography } from '@mui/material';
import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Form, SaveButton, useCreate, useNotify, useUpdate } from 'react-admin';
import { useFormContext, useFormState, type FieldValues, type Resolver } from 'react-hook-form';
import type { AnyObjectSchema } from 'yup';
import { newIdempotencyKey } from '../../dataProvider/httpClient';
import { describeSaveError } from '../../dataProvider/saveErrors';
import { useAddressLookup } from '../../layout/address/useAddressLookup';
import { useOneSubmission } from '../../layout/useOneSubmission';
import { DeleteRecordButton } from './DeleteRecordButton';
import { FieldRow } from './FieldRow';
import { DEFAULT_SUCCESS_MESSAGE } from './texts';
import type { AddressSection, DeclaredSchema, FieldContext, FieldDeclaration, FormMode, FormValues, ResourceDeclaration } from './types';
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
  /** Whether the form holds unsaved changes (the dialog asks before discarding them). */
  onDirtyChange?: (dirty: boolean) => void;
}

/** What the screen around the form shows: 'Editar' in its title. */
export interface FormScreenState {
  editing: boolean;
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
  let values: FormValues = declaration.createDefaults?.(ctx) ?? {};
  for (const field of declaration.fields) {
    const value = typeof field.defaultValue === 'function' ? field.defaultValue(ctx) : field.defaultValue;
    if (value !== undefined) values = setPath(values, field.source, value);
  }
  return values;
}

/**
 * A record read again while the form is open (the dialog's GET one) keeps what was typed. One
 * object: <Form> resets the form whenever its resetOptions change.
 */
const KEEP_TYPED = { keepDirtyValues: true };

export function RecordForm(props: RecordFormProps) {
  const { declaration, mode, record, ctx: base } = props;
  const ctx: FieldContext = useMemo(() => ({ ...base, mode, record }), [base, mode, record]);
  const schema = useMemo(() => schemaFor(declaration, ctx), [declaration, ctx]);
  // A new record starts from the declaration's defaults; an existing one from itself (<Form record>).
  const defaultValues = useMemo(() => (record ? undefined : initialValues(declaration, ctx)), [declaration, ctx, record]);
  // The shared schemas are typed per entity; the form holds them as plain records.
  const resolver = useMemo(() => yupResolver(schema) as unknown as Resolver<FieldValues>, [schema]);
  const sources = useMemo(() => new Set(visibleFields(declaration, ctx).map((f) => f.source)), [declaration, ctx]);
  const save = useSaveRecord(declaration, ctx, sources, props.onDone);
  return (
    <Form
      record={record}
      resource={declaration.name}
      defaultValues={defaultValues}
      resolver={resolver}
      onSubmit={save}
      noValidate
      // The fields say what is wrong under them (docs/rules/validation.md): no 'invalid form' toast.
      disableInvalidFormNotification
      resetOptions={KEEP_TYPED}
    >
      <FormScreen {...props} ctx={ctx} />
    </Form>
  );
}

/**
 * Salvar through react-admin's useCreate/useUpdate, with the product's toasts (the declaration's
 * success message, or describeSaveError's text) and the server's field errors returned to the
 * <Form>, which sets them under their fields. One submission at a time (useOneSubmission), with
 * one Idempotency-Key: a double click or Enter while saving is the same submission, never a second record.
 */
function useSaveRecord(declaration: ResourceDeclaration, ctx: FieldContext, sources: ReadonlySet<string>, onDone: () => void) {
  const notify = useNotify();
  const [create] = useCreate();
  const [update] = useUpdate();
  return useOneSubmission(async (values: FieldValues): Promise<Record<string, string> | undefined> => {
    const data = declaration.toSubmit ? declaration.toSubmit(values, ctx) : values;
    const meta = { parentId: ctx.parentId, idempotencyKey: newIdempotencyKey() };
    try {
      if (ctx.record === undefined) {
        await create(declaration.name, { data, meta }, { returnPromise: true });
      } else {
        const id = ctx.record.id as string;
        await update(declaration.name, { id, data, previousData: ctx.record, meta }, { mutationMode: 'pessimistic', returnPromise: true });
      }
      notify(declaration.successMessage ?? DEFAULT_SUCCESS_MESSAGE, { type: 'success' });
      onDone();
      return undefined;
    } catch (error) {
      const view = describeSaveError(error);
      notify(view.toast, { type: 'error' });
      return Object.fromEntries(view.fieldErrors.filter(({ path }) => sources.has(path)).map(({ path, message }) => [path, message]));
    }
  }).run;
}

/** An address section being edited: its CEP typed fills the rest of it (FormSection.address). */
function AddressLookup({ fields }: { fields: AddressSection }) {
  useAddressLookup<FieldValues>({ form: useFormContext(), fields });
  return null;
}

function FormScreen({ declaration, mode, record, ctx, onDone, onBack, layout, startEditing = false, onEditingChange, onDirtyChange }: RecordFormProps & { ctx: FieldContext }) {
  const access = declaration.access ?? {};
  const canEdit = mode === 'create' ? (access.create?.(ctx.user) ?? true) : (access.edit?.(ctx.user, record) ?? true);
  const [editing, setEditingState] = useState(mode === 'create' || (startEditing && canEdit));
  const setEditing = (value: boolean) => {
    setEditingState(value);
    onEditingChange?.(value);
  };
  const { reset } = useFormContext();
  const { isDirty, isSubmitting } = useFormState();
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  const canDelete = mode === 'edit' && (access.delete?.(ctx.user, record) ?? true);
  const fields = visibleFields(declaration, ctx);

  const cancelEdit = () => {
    reset();
    setEditing(false);
  };

  const isEditable = (field: FieldDeclaration) =>
    canEdit && !evalRule(field.readOnly, ctx) && (editing || field.type === 'boolean');

  const RecordActions = declaration.recordActions;
  const buttons = (
    <Stack direction="row" spacing={1} sx={{ width: '100%', justifyContent: 'flex-end' }}>
      {onBack && (
        <Button onClick={onBack} disabled={isSubmitting}>
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
      {canDelete && !editing && <DeleteRecordButton declaration={declaration} parentId={ctx.parentId} onDeleted={onDone} />}
      {mode === 'edit' && editing && (
        <Button onClick={cancelEdit} disabled={isSubmitting}>
          Cancelar
        </Button>
      )}
      {canEdit && (editing || isDirty) && (
        // Salvar also saves an unchanged record (react-admin's default waits for a change), never twice at once.
        <SaveButton label="Salvar" icon={null} alwaysEnable={!isSubmitting} />
      )}
    </Stack>
  );

  // react-admin's <Form> renders an unnamed <form>: the sections are the form named after the entity.
  const body = (
    <Box role="form" aria-label={declaration.entity}>
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
            {section.address && editing && <AddressLookup fields={section.address} />}
            {sectionFields.map((field) => (
              <FieldRow key={field.source} field={field} ctx={ctx} editable={isEditable(field)} />
            ))}
          </Box>
        );
      })}
    </Box>
  );

  return layout ? (
    layout(body, buttons, { editing })
  ) : (
    <>
      {body}
      <Box sx={{ mt: 2 }}>{buttons}</Box>
    </>
  );
}
