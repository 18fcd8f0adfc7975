/**
 * The shared schema of a registry entry declared by its fields (defineRecord,
 * src/domain/recordDescriptor.ts): the same builders (fields.ts) and messages a hand-written schema
 * uses, so the form and the server validate one way.
 */
import type { ChoiceFieldSpec, FlagFieldSpec, RecordFieldSpec, RecordFields, TextFieldSpec } from '../recordDescriptor';
import { activeField, enumField, group, requiredText, riskManagerRef } from './fields';

/** The yup field of each kind of descriptor field. */
type FieldSchema<F> = F extends TextFieldSpec
  ? ReturnType<typeof requiredText>
  : F extends FlagFieldSpec
    ? ReturnType<typeof activeField>
    : F extends ChoiceFieldSpec<infer V>
      ? ReturnType<typeof enumField<V>>
      : never;

type Owned<T> = T extends 'riskManager' ? { riskManager: ReturnType<typeof riskManagerRef> } : unknown;

/** The shape of a described entry's schema: its fields, and its tenant's reference when it has one. */
export type DescribedShape<E extends { tenancy: string; record: { fields: RecordFields } }> = {
  [K in keyof E['record']['fields']]: FieldSchema<E['record']['fields'][K]>;
} & Owned<E['tenancy']>;

function fieldSchema(field: RecordFieldSpec) {
  switch (field.kind) {
    case 'text':
      return requiredText(field.required, field.max);
    case 'flag':
      return activeField();
    case 'choice':
      return enumField(
        field.options.map((option) => option.value),
        field.required,
      );
  }
}

type Described = { tenancy: 'riskManager' | 'global'; record: { fields: RecordFields } };

const derive = <E extends Described>(entry: E) =>
  group({
    ...Object.fromEntries(Object.entries(entry.record.fields).map(([name, field]) => [name, fieldSchema(field)])),
    // The tenant's reference last: the server sets it, an admin's form demands it (withRequiredRiskManager).
    ...(entry.tenancy === 'riskManager' ? { riskManager: riskManagerRef() } : {}),
  } as DescribedShape<E>);

/** One schema per entry, whoever asks (the form, the server, the answer's description). */
const derived = new WeakMap<Described['record'], unknown>();

/** The entry's schema: its fields in the descriptor's order, the tenant's reference last when it has one. */
export function recordSchemaOf<E extends Described>(entry: E): ReturnType<typeof derive<E>> {
  const known = derived.get(entry.record) ?? derive(entry);
  derived.set(entry.record, known);
  return known as ReturnType<typeof derive<E>>;
}

