import { lookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { LookupFunction } from 'node:net';

/**
 * Webhook URLs are typed by a tenant, so the server must not become its way into the server's own
 * network (docs/rules/webhooks.md): unless WEBHOOK_ALLOW_PRIVATE, an address in loopback, private,
 * shared, link-local (the clouds' metadata service, 169.254.169.254 and fd00:ec2::254), multicast or
 * reserved ranges is refused — a literal one before connecting, a name's after resolving it, and the
 * connection goes to the very address checked (no second resolution a DNS answer could change).
 */

const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv6');
}

/** True when `address` (an IP literal) is one a webhook may not reach without WEBHOOK_ALLOW_PRIVATE. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return BLOCKED.check(bare, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is the IPv4 one.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1]) return BLOCKED.check(mapped[1], 'ipv4');
  return BLOCKED.check(bare, 'ipv6');
}

export class RefusedAddressError extends Error {
  constructor(address: string) {
    super(`endereço recusado: ${address} é de uma rede interna`);
  }
}

/** The lookup an attempt connects with: the name resolved, every answer checked, the first one used. */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const refused = addresses.find((one) => isPrivateAddress(one.address));
    if (refused) return callback(new RefusedAddressError(`${hostname} (${refused.address})`), '', 4);
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    if (!first) return callback(new Error(`${hostname}: sem endereço`), '', 4);
    return callback(null, first.address, first.family);
  });
};
