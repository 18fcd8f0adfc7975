import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../../errors/httpErrors';

/**
 * JSON bodies, parsed by Fastify's own parser (the `__proto__` and `constructor.prototype` keys
 * refused) once their nesting depth is known to be small. The shared schemas and the checks before
 * them walk a body recursively: a body nested thousands of levels deep (a few tens of kB) would
 * overflow the stack there and answer 500. No body of the API nests beyond a handful of levels,
 * so such a body is refused with 400 before anything walks it.
 */
export const MAX_JSON_DEPTH = 32;
export const JSON_TOO_DEEP = `JSON aninhado demais: no máximo ${MAX_JSON_DEPTH} níveis de objetos e listas`;

/** Whether the JSON text opens more than `max` objects or lists inside one another (strings skipped; one pass, no recursion). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}

export default fp(async function jsonBodyPlugin(app: FastifyInstance) {
  // Fastify's defaults: a `__proto__` or `constructor.prototype` key is an error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body: string, done) => {
    if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
      done(badRequest(JSON_TOO_DEEP), undefined);
      return;
    }
    void parseJson(request, body, done);
  });
});
