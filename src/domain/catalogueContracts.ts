/**
 * The calls of one catalogue as contracts (src/domain/contract.ts, docs/decisions/one-contract-per-endpoint.md),
 * made from its registry entry (docs/decisions/catalogue-registry.md): its list (the whole array, or
 * paged on the server for the lists that grow with a tenant), one record, create (201), update and
 * delete (204), each at the catalogue's own path with its own body and answer — so the API's
 * description shows each catalogue's fields, not one choice among every catalogue's.
 *
 * A body is described from the catalogue's shared yup schema and checked by the catalogue's handlers
 * themselves (server/catalogues/crudQueries.ts): permission first, then the form's Portuguese
 * messages with the missing tenant among them, a foreign id 404 before validation.
 */
import type { AnySchema } from 'yup';
import { defineContract } from './contract';
import type { ServiceBase } from './endpointPaths';
import { CHECKED_IN_HANDLER } from './fromSchema';
import { yupDescribed, type JsonSchema } from './jsonSchemaOf';
import { idParams, pagedListOf, tenantQuery, text } from './jsonSchemaParts';
import { listQuerySchema } from './schemas/listPage';

/**
 * One catalogue record as the compiler reads its answer: its id, and the fields the registry
 * declares at run time (recordAnswer, recordAnswers.ts) — the generic record of the data provider.
 */
export type RecordAnswerSchema = {
  readonly type: 'object';
  readonly additionalProperties?: false;
  readonly required: readonly string[];
  readonly properties: { readonly _id: typeof text } & Readonly<Record<string, JsonSchema>>;
};

/** A part described by yup, as the compiler reads it: an object whose fields the handler checks. */
type YupDescribed = { readonly type: 'object'; readonly [CHECKED_IN_HANDLER]: 'yup' };

/** A 204 answer: nothing. */
export const removed = { type: 'null', description: 'Removido.' } as const;

/**
 * A record of any catalogue, for a client generic over its resources (the data provider): its id and
 * its fields, whatever the catalogue.
 */
export const ANY_RECORD: RecordAnswerSchema = { type: 'object', required: ['_id'], properties: { _id: text } };

/** A body a handler checks with the catalogue's shared yup schema. */
const ANY_BODY: YupDescribed = { type: 'object', [CHECKED_IN_HANDLER]: 'yup' };

/** A record written by the interface: described from its shared yup schema, checked by the handler. */
const bodyOf = (schema: AnySchema | undefined) => (schema ? (yupDescribed(schema) as YupDescribed) : ANY_BODY);

/** How a catalogue's calls are summed up in the API's description: the verb, then the registry's label. */
export const CATALOGUE_VERBS = {
  list: 'Lista',
  one: 'Lê um registro',
  create: 'Cria',
  update: 'Altera',
  remove: 'Exclui',
} as const;

const summaryOf = (call: keyof typeof CATALOGUE_VERBS, label: string) => `${CATALOGUE_VERBS[call]}: ${label}`;

/** The parts of a catalogue its contracts are made of. */
export interface CatalogueParts<A extends RecordAnswerSchema> {
  base: ServiceBase;
  /** The catalogue's name on screen (the registry's label), for the calls' summaries. */
  label: string;
  answer: A;
  /** The shared yup schema of its form (a client generic over its resources has none: ANY_RECORD). */
  schema?: AnySchema;
}

/** A child list's parent in the path (`shipper/:id`): the ids the path names, checked as ids. */
type PathParams = { readonly type: 'object'; readonly required: readonly string[]; readonly properties: Readonly<Record<string, typeof idParams.properties.id>> };

const pathParamsOf = (path: string): { params?: PathParams } => {
  const names = path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
  if (names.length === 0) return {};
  return { params: { type: 'object', required: names, properties: Object.fromEntries(names.map((name) => [name, idParams.properties.id])) } };
};

/** GET path: the whole list, `?riskManager=` narrowing an admin's. */
export const wholeListContract = <const A extends RecordAnswerSchema>(path: string, { base, label, answer }: CatalogueParts<A>) =>
  defineContract({
    method: 'GET',
    base,
    path,
    summary: summaryOf('list', label),
    ...(pathParamsOf(path) as { params: PathParams }),
    query: tenantQuery,
    responses: { 200: { type: 'array', items: answer } },
  } as const);

/** GET path/:id/…: the list of one parent's children (a shipper's plans), `?riskManager=` narrowing an admin's. */
export const childListContract = <const A extends RecordAnswerSchema>(path: string, parts: CatalogueParts<A>) =>
  defineContract({ ...wholeListContract(path, parts), params: idParams });

/** GET path of a list that pages on the server: one page, or the whole list sorted and filtered (src/domain/schemas/listPage.ts). */
export const pagedListContract = <const A extends RecordAnswerSchema>(path: string, sorts: readonly string[], { base, label, answer }: CatalogueParts<A>) =>
  defineContract({
    method: 'GET',
    base,
    path,
    summary: summaryOf('list', label),
    ...(pathParamsOf(path) as { params: PathParams }),
    query: yupDescribed(listQuerySchema(sorts)) as YupDescribed,
    responses: { 200: pagedListOf(answer) },
  });

/** GET path/:id. */
export const oneContract = <const A extends RecordAnswerSchema>(path: string, { base, label, answer }: CatalogueParts<A>) =>
  defineContract({ method: 'GET', base, path, summary: summaryOf('one', label), params: idParams, responses: { 200: answer } });

/** POST path: 201 with the record as stored. */
export const createContract = <const A extends RecordAnswerSchema>(path: string, { base, label, answer, schema }: CatalogueParts<A>) =>
  defineContract({ method: 'POST', base, path, summary: summaryOf('create', label), body: bodyOf(schema), responses: { 201: answer } });

/** PUT path/:id: the record as stored. */
export const updateContract = <const A extends RecordAnswerSchema>(path: string, { base, label, answer, schema }: CatalogueParts<A>) =>
  defineContract({ method: 'PUT', base, path, summary: summaryOf('update', label), params: idParams, body: bodyOf(schema), responses: { 200: answer } });

/** DELETE path/:id: 204. */
export const removeContract = (path: string, { base, label }: Pick<CatalogueParts<RecordAnswerSchema>, 'base' | 'label'>) =>
  defineContract({ method: 'DELETE', base, path, summary: summaryOf('remove', label), params: idParams, responses: { 204: removed } });
