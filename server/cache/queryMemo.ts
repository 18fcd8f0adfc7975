import type { FastifyRequest } from 'fastify';

/** Distinct query strings remembered per route: a screen's pages and filters, times its users. */
const MAX_REMEMBERED = 1_000;

/**
 * A route's query checked once per distinct query string: pollers send the same few again and
 * again, and checking the monitoring query with its shared yup schema on every poll was ~4% of a
 * cached poll's CPU. Only valid queries are remembered (a refusal is checked again, and answered
 * the same); the parsed value is shared, so callers must not change it.
 */
export function memoizedQuery<T>(parse: (query: unknown) => Promise<T>): (request: FastifyRequest) => Promise<T> {
  const seen = new Map<string, T>();
  return async (request) => {
    const mark = request.url.indexOf('?');
    const raw = mark < 0 ? '' : request.url.slice(mark + 1);
    const known = seen.get(raw);
    if (known !== undefined) return known;
    const value = await parse(request.query);
    seen.set(raw, value);
    if (seen.size > MAX_REMEMBERED) seen.delete(seen.keys().next().value as string);
    return value;
  };
}
