import fp from 'fastify-plugin';

/**
 * The security headers of every answer, written once at start-up and set as they are on each
 * request. They are what helmet sends with this app's policy; helmet rebuilt its CSP text on every
 * request (about 6% of a cached poll's CPU), which a policy with no per-request part does not need.
 * A route with a stricter policy of its own (a served file's 'sandbox') sets it over this one.
 */
export function securityHeaders(publicUrl: string): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' data:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "img-src 'self' data: blob: https:",
    "object-src 'none'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "connect-src 'self'",
    // Over plain HTTP on a LAN address every asset would be asked over https and fail (a blank
    // page): only an https site upgrades.
    ...(publicUrl.startsWith('https:') ? ['upgrade-insecure-requests'] : []),
  ].join(';');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

export default fp<{ publicUrl: string }>(async function securityHeadersPlugin(app, { publicUrl }) {
  const headers = securityHeaders(publicUrl);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
});
