/**
 * The header a signed-in caller sends its session token in (docs/api.md): the browser's HTTP
 * client sets it, and the service worker reads it to keep each user's answers apart.
 */
export const TOKEN_HEADER = 'x-access-token';
