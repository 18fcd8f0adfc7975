/**
 * Checked by tsc only (vitest does not collect *.test-d.ts): an endpoint's contract
 * (src/domain/contract.ts) types its handler's request and reply and its client call. Each
 * `@ts-expect-error` fails the compile the day the typing it guards stops working: a handler that
 * answers a field its schema lacks, or misses one, must not compile.
 */
import { object, string, type InferType } from 'yup';
import { BILLING_CONTRACTS } from '../../src/domain/billing/contracts';
import type { MissionBillingSide } from '../../src/domain/billing';
import { defineContract, type BodyOf, type ParamsOf, type ReplyOf, type SentBodyOf } from '../../src/domain/contract';
import { MISSION_CONTRACTS } from '../../src/domain/missions/contracts';
import { exactObject, idParams, nullableText, text } from '../../src/domain/jsonSchemaParts';
import { billingSchema } from '../../src/domain/schemas/billing';
import { CHAT_CONTRACTS } from '../../src/domain/missionDetails/chatContracts';
import { createCall } from '../../src/dataProvider/call';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { route } from '../../server/shared/route';
import { ReadyJson, sendReady } from '../../server/cache/readyJson';
import { noContent } from '../../server/shared/answered';
import type { TypedApp } from '../../server/shared/schemaTypes';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(proof: Equal<A, B>) => proof;
/** Each assignable to the other (FromSchema's objects are simplified intersections, not identical to a literal type). */
const alike = <A, B>(proof: [A] extends [B] ? ([B] extends [A] ? true : false) : false) => proof;

const probe = defineContract({
  method: 'PUT',
  base: 'billing',
  path: 'probe/:id',
  summary: 'Sonda',
  params: idParams,
  body: billingSchema,
  responses: { 200: exactObject({ name: text, note: nullableText, rows: { type: 'array', items: exactObject({ n: { type: 'integer' } }), minItems: 2, maxItems: 2 } }) },
});

const removal = defineContract({
  method: 'DELETE',
  base: 'billing',
  path: 'probe/:id',
  summary: 'Sonda',
  params: idParams,
  responses: { 204: { type: 'null', description: 'Removida.' } },
});

/** A yup body whose fields with a default (note, kind) the caller may leave out; the handler reads them filled in. */
const defaultedBody = object({ name: string().required(), note: string().nullable().default(null), nested: object({ kind: string().default('a') }) });
const defaulted = defineContract({
  method: 'POST',
  base: 'billing',
  path: 'probe',
  summary: 'Sonda',
  body: defaultedBody,
  responses: { 204: { type: 'null', description: 'Feita.' } },
});

// The contract's parts read as their schemas say: a yup body as yup's output, the answer from its JSON Schema.
same<ParamsOf<typeof probe>, { id: string }>(true);
same<BodyOf<typeof probe>, InferType<typeof billingSchema>>(true);
alike<ReplyOf<typeof probe>, { name: string; note: string | null; rows: [{ n: number }, { n: number }] }>(true);
alike<ReplyOf<typeof probe>, { name: string; note: string | null; rows: { n: number }[] }>(false);
// A yup body: the handler reads yup's output, the caller sends its input (a field with a default may be left out).
same<BodyOf<typeof defaulted>, InferType<typeof defaultedBody>>(true);
alike<SentBodyOf<typeof defaulted>, { name: string; note?: string | null; nested?: { kind?: string } }>(true);
alike<SentBodyOf<typeof defaulted>, InferType<typeof defaultedBody>>(false);
// The answer types of the screens are the schemas' own.
alike<ReplyOf<typeof BILLING_CONTRACTS.save>, MissionBillingSide>(true);

const rows: [{ n: number }, { n: number }] = [{ n: 1 }, { n: 2 }];
const answered = { name: 'a', note: null, rows };
const withExtra = { ...answered, extra: 1 };
const withExtraRow = { ...answered, rows: [{ n: 1, hidden: true }, { n: 2, hidden: false }] as [{ n: number; hidden: boolean }, { n: number; hidden: boolean }] };

export function typedRoutes(app: TypedApp): void {
  route(app, probe, (request) => {
    same<typeof request.params, { id: string }>(true);
    same<typeof request.body, InferType<typeof billingSchema>>(true);
    // @ts-expect-error -- a parameter the contract does not declare
    void request.params.other;
    return Promise.resolve(answered);
  });
  // @ts-expect-error -- a field the answer's schema lacks
  route(app, probe, () => withExtra);
  // @ts-expect-error -- a field the answer's schema lacks, inside a list
  route(app, probe, () => Promise.resolve(withExtraRow));
  // @ts-expect-error -- a field the answer's schema requires is missing
  route(app, probe, () => ({ name: 'a', rows }));
  // @ts-expect-error -- a field of the wrong type
  route(app, probe, () => ({ ...answered, note: 1 }));

  // Bytes serialised ahead are sent under the contract only when they were made from its answer's type.
  route(app, probe, (request, reply) => sendReady(request, reply, new ReadyJson<ReplyOf<typeof probe>>(answered)));
  // @ts-expect-error -- bytes made from another shape
  route(app, probe, (request, reply) => sendReady(request, reply, new ReadyJson({ other: 1 })));
  // @ts-expect-error -- a sent reply of no declared type
  route(app, probe, (_request, reply) => reply.send(answered));
  // A 204 only where the contract's answer is empty.
  route(app, removal, (_request, reply) => noContent(reply));
  // @ts-expect-error -- a 204 where the contract answers a body
  route(app, probe, (_request, reply) => noContent(reply));
  route(app, defaulted, (request, reply) => {
    same<typeof request.body.note, string | null>(true);
    same<typeof request.body.nested.kind, string>(true);
    return noContent(reply);
  });
  // A multipart body is the handler's to read from the stream: nothing of it is typed as checked.
  route(app, CHAT_CONTRACTS.send, (_request) => {
    same<typeof _request.body, unknown>(true);
    return Promise.reject(new Error('sonda'));
  });
}

export async function typedCalls(httpClient: HttpClient): Promise<void> {
  const call = createCall(httpClient);
  const _answer = call(probe, { params: { id: 'x' }, body: { franchise: 'p', others: { toll: 0, expenses: 0, additions: 0, discounts: 0 } } });
  same<typeof _answer, Promise<ReplyOf<typeof probe>>>(true);
  // @ts-expect-error -- the contract's params are required
  await call(probe, { body: { franchise: 'p', others: { toll: 0, expenses: 0, additions: 0, discounts: 0 } } });
  // @ts-expect-error -- a GET contract takes no body
  await call(BILLING_CONTRACTS.meter, { params: { id: 'x' }, body: {} });
  // A field with a default is left out by the caller; one without stays required.
  await call(defaulted, { body: { name: 'a' } });
  await call(MISSION_CONTRACTS.status, { params: { id: 'x' }, body: { missionRequest: 'x', status: 'canceled' } });
  // @ts-expect-error -- a field without a default is required of the caller
  await call(defaulted, { body: { note: 'b' } });
  // @ts-expect-error -- the status change names its mission (no default)
  await call(MISSION_CONTRACTS.status, { params: { id: 'x' }, body: { status: 'canceled' } });
  // A multipart contract is sent a FormData, and only that.
  same<BodyOf<typeof CHAT_CONTRACTS.send>, FormData>(true);
  await call(CHAT_CONTRACTS.send, { body: new FormData(), idempotencyKey: false });
  // @ts-expect-error -- a multipart contract's fields are not sent as JSON
  await call(CHAT_CONTRACTS.send, { body: { missionRequest: 'x', type: 'mission_chat', message: 'oi' } });
}
