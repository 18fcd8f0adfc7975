/** The parts of the OpenAPI document the contract test and the fuzzer read. */

export type JsonSchema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: JsonSchema;
  /** A schema's single `examples` entry, which the document carries beside the schema. */
  example?: unknown;
}

export interface Response {
  description?: string;
  content?: Record<string, { schema?: JsonSchema }>;
  $ref?: string;
}

export interface Operation {
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, Response>;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema>; responses: Record<string, Response> };
}

export interface DescribedOperation {
  /** `METHOD /api/path` with `{param}` segments. */
  key: string;
  method: string;
  path: string;
  operation: Operation;
  /** The success status the route declares a response for, when it declares one. */
  successStatus?: number;
  /** Its JSON body schema (undefined for a declared answer without a JSON body: 204, files). */
  successSchema?: JsonSchema | 'declared';
}

/** @fastify/swagger's stand-in when a route declares no response. */
const UNDECLARED = 'Default Response';

export function operationsOf(document: OpenApiDocument): DescribedOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const success = Object.entries(operation.responses).find(
        ([status, response]) => /^2\d\d$/.test(status) && (response.content !== undefined || response.description !== UNDECLARED),
      );
      const json = success?.[1].content?.['application/json']?.schema;
      return {
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        operation,
        successStatus: success ? Number(success[0]) : undefined,
        successSchema: success ? (json ?? 'declared') : undefined,
      };
    }),
  );
}
