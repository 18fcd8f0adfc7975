/**
 * Checked by tsc only (npm test runs it; vitest does not collect *.test-d.ts): a route's request is
 * typed from the schemas it declares, and a validated body from the shared yup schema that checked
 * it. Each `@ts-expect-error` fails the compile the day the typing it guards stops working.
 */
import type { InferType } from 'yup';
import { statusChangeSchema } from '../../src/domain/schemas';
import { idParams, tenantQuery, textIdParams, typeIdParams, yupDescribed } from '../../server/shared/routeSchemas';
import type { CHECKED_IN_HANDLER } from '../../src/domain/fromSchema';
import type { FromSchema } from '../../src/domain/fromSchema';
import type { TypedApp } from '../../server/shared/schemaTypes';
import { check, validBody } from '../../server/shared/validation';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(proof: Equal<A, B>) => proof;

// The shared route schemas read as their requests.
same<FromSchema<typeof idParams>, { id: string }>(true);
same<FromSchema<typeof textIdParams>, { id: string }>(true);
same<FromSchema<typeof typeIdParams>, { type: string; id: string }>(true);
same<FromSchema<typeof tenantQuery>, { riskManager?: string }>(true);
same<FromSchema<typeof tenantQuery>, { riskManager: string }>(false);

// Enums, nullable types, arrays and nested objects, as route schemas write them (`as const`).
type Described = {
  readonly type: 'object';
  readonly required: readonly ['kind', 'items'];
  readonly properties: {
    readonly kind: { readonly type: 'string'; readonly enum: readonly ['menuLogo', 'loginArt'] };
    readonly note: { readonly type: readonly ['string', 'null'] };
    readonly items: {
      readonly type: 'array';
      readonly items: { readonly type: 'object'; readonly required: readonly ['n']; readonly properties: { readonly n: { readonly type: 'integer' }; readonly on: { readonly type: 'boolean' } } };
    };
  };
};
same<FromSchema<Described>, { kind: 'menuLogo' | 'loginArt'; items: { n: number; on?: boolean }[]; note?: string | null }>(true);

// A part the handler checks itself: its top-level type only, so each field is still unknown.
type CheckedInHandler = { readonly type: 'object'; readonly properties: { readonly missionRequestId: { readonly type: 'string' } }; readonly [CHECKED_IN_HANDLER]: 'rota' };
same<FromSchema<CheckedInHandler>, { missionRequestId?: unknown }>(true);
// A body described from a shared yup schema is validBody's to read: unknown until then.
same<FromSchema<ReturnType<typeof yupDescribed>>, unknown>(true);

export function typedRoute(app: TypedApp): void {
  app.put('/probe/:id', { schema: { params: idParams, querystring: tenantQuery, body: yupDescribed(statusChangeSchema) } }, async (request) => {
    same<typeof request.params, { id: string }>(true);
    same<typeof request.query, { riskManager?: string }>(true);
    // @ts-expect-error -- a parameter the schema does not declare
    void request.params.other;
    // @ts-expect-error -- the body is not checked before validBody
    void request.body.status;
    const value = await validBody(statusChangeSchema, request.body);
    same<typeof value, InferType<typeof statusChangeSchema>>(true);
    // @ts-expect-error -- a field the shared schema does not declare
    void value.reason;
    const checked = await check(statusChangeSchema, request.body);
    same<typeof checked.value, InferType<typeof statusChangeSchema> | undefined>(true);
    return checked.value?.status ?? value.status;
  });
}
