/**
 * A record entity declared in one place (docs/add-a-catalogue.md): its registry entry
 * (label, endpoint, tenancy) and its fields, each with its kind, label, validation message and
 * whether the list shows it. From a descriptor are derived the shared yup schema
 * (recordSchemas.ts), the answer the server declares (recordAnswers.ts, through that schema), the
 * server's mappers and the check that its table has a column per field (server/catalogues/records.ts)
 * and the screen: list columns, form fields, dialog, tile (src/resources/records.ts).
 *
 * Plain data, without yup: the registry holding the descriptors is read by /login's bundle.
 */
import type { Option } from './enums';
import type { EndpointPaths } from './endpointPaths';
import type { MAX_LENGTH } from './validators/text';

/** The kinds of free text, each with its maximum length (validators/text.ts). */
type TextKind = keyof typeof MAX_LENGTH;

interface FieldSpecBase {
  /** The form field's label and the list column's header. */
  label: string;
  /** False: the field is in the form only, not a column of the list. */
  column?: boolean;
}

/** Free text, trimmed, at most MAX_LENGTH[max] characters; blank → `required`. */
export interface TextFieldSpec extends FieldSpecBase {
  kind: 'text';
  required: string;
  max: TextKind;
}

/** A true/false toggle (docs/rules/catalogues.md: `active`, on by default). */
export interface FlagFieldSpec extends FieldSpecBase {
  kind: 'flag';
  default: boolean;
}

/** One of closed values, chosen in a select; blank → `required`, another value → 'Opção inválida'. */
export interface ChoiceFieldSpec<V extends string = string> extends FieldSpecBase {
  kind: 'choice';
  options: readonly Option<V>[];
  /**
   * The options a form offers when fewer than all (docs/rules/catalogues.md: a service's modalidade offers only
   * 'Prestadora de Serviços'); a record holding another value still shows all, so its label reads.
   */
  offered?: readonly Option<V>[];
  required: string;
  default: V;
}

export type RecordFieldSpec = TextFieldSpec | FlagFieldSpec | ChoiceFieldSpec;

export type RecordFields = Readonly<Record<string, RecordFieldSpec>>;

/** The columns an entry's table needs: a column per field, of its name, and the tenant's when it has one. */
export type DescribedColumns<E extends { tenancy: string; record: { fields: RecordFields } }> =
  | (keyof E['record']['fields'] & string)
  | (E['tenancy'] extends 'riskManager' ? 'riskManager' : never);

/** What the screen says of the entity, and the list a row leads to. */
export interface RecordDescriptor<F extends RecordFields = RecordFields> {
  fields: F;
  /** The record in singular, for dialogs ("Criar | {entity}", "Deletar | {entity}"). */
  entity: string;
  /** The list's title when it is not the breadcrumb label. */
  title?: string;
  /** The admin home's tile: 'simple' under /home/admin, 'advanced' under /home/admin/advanced. */
  tile: { group: 'simple' | 'advanced'; label: string };
  /** The toast after a save or delete (docs/rules/messages.md). */
  successMessage: string;
  /** 409 text of a unique violation other than the name's, e.g. 'CNPJ já cadastrado'. */
  uniqueMessage?: string;
  /** Child lists each row links to (a service → its providers' plans). */
  children?: readonly { resource: string; label: string }[];
}

/** Free text field: a name by default (120 characters). */
export const text = ({ label, required, max = 'name', column }: { label: string; required: string; max?: TextKind; column?: boolean }): TextFieldSpec => ({
  kind: 'text',
  label,
  required,
  max,
  ...(column === undefined ? {} : { column }),
});

/** A toggle; `active` is flag() itself: 'Ativo', on by default. */
export const flag = ({ label = 'Ativo', initial = true }: { label?: string; initial?: boolean } = {}): FlagFieldSpec => ({
  kind: 'flag',
  label,
  default: initial,
});

export const choice = <const V extends string>(spec: Omit<ChoiceFieldSpec<V>, 'kind'>): ChoiceFieldSpec<V> => ({ kind: 'choice', ...spec });

/** The registry entry's own part (catalogues.ts CatalogueEntry), repeated here to keep this file below the registry. */
interface EntryPart {
  label: string;
  endpoint: EndpointPaths;
  tenancy: 'riskManager' | 'global';
  providersRead: boolean;
}

/**
 * A registry entry with its descriptor: `defineRecord({ label, endpoint, tenancy, providersRead,
 * entity, tile, successMessage, fields })`, the entry's literal types kept (tsc then knows each
 * field and whether the schema carries the tenant).
 */
export const defineRecord = <const D extends EntryPart & RecordDescriptor>({ label, endpoint, tenancy, providersRead, ...record }: D) =>
  ({ label, endpoint, tenancy, providersRead, record }) as {
    label: D['label'];
    endpoint: D['endpoint'];
    tenancy: D['tenancy'];
    providersRead: D['providersRead'];
    record: RecordDescriptor<D['fields']>;
  };
