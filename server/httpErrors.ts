import type { ValidationIssue } from '../src/domain/apiErrors';

/** An error that knows its HTTP status and the body to answer with (spec error normalisation). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: { error: string } | { errors: ValidationIssue[] },
  ) {
    super('error' in body ? body.error : body.errors.map((e) => `${e.path}: ${e.code}`).join(', '));
  }
}

export const badRequest = (message: string) => new HttpError(400, { error: message });
export const invalid = (errors: ValidationIssue[]) => new HttpError(400, { errors });
export const unauthorized = (message = 'invalid token') => new HttpError(401, { error: message });
export const forbidden = (message = 'forbidden') => new HttpError(403, { error: message });
export const notFound = (message = 'not found') => new HttpError(404, { error: message });
export const conflict = (message: string) => new HttpError(409, { error: message });
export const tooManyRequests = (message = 'too many requests') => new HttpError(429, { error: message });
