/**
 * The evidence-grade timeline (docs/rules/reports.md): every mission event carries the hash of
 * the mission's previous event, and its own hash is SHA-256 (hex) over `canonicalEvent`. Changing,
 * removing or reordering a stored event breaks the chain from that event on; rewriting every later
 * hash to hide it changes the head hash the PDF dossier has printed.
 *
 * The canonical form is written once here and read by the writer (server/missions/events.ts),
 * the seed and the verification, so all three hash the same bytes. It is a JSON array, not an
 * object, so the field order is fixed by position; instants are ISO-8601 UTC with milliseconds (what
 * a JavaScript Date keeps); details (jsonb) have their keys sorted at every level, because PostgreSQL
 * does not keep the order they were written in. The leading version tag lets a later form coexist.
 * Hashing itself is left to the caller (node:crypto on the server) so this file stays pure.
 *
 * Form v2 (docs/rules/privacy.md): the personal data of an event (actor's name, driver's name and
 * CPF, agent's name) is not hashed in the clear. The stored row carries placeholders where it was
 * (src/domain/privacy/eventPersonal.ts) and the chain commits to `personalDigest`, an HMAC of those
 * values under a key kept beside them; erasing the values and the key leaves every link valid.
 * Events written in v1 keep their form and still verify.
 */
import type { ChainVerification } from './index';

export const CHAIN_FORM_VERSION = 'mission-event/v1';
export const CHAIN_FORM_V2 = 'mission-event/v2';

/** The hashed fields of one stored event. */
export interface ChainEvent {
  id: string;
  mission: string;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  actorUser: string | null;
  actorName: string;
  roleType: string;
  serviceProvider: string | null;
  serviceProviderName: string | null;
  details: unknown;
  createdAt: Date;
  /** 1: the clear form; 2: personal data as placeholders, committed to by `personalDigest`. */
  chainVersion: number;
  /** v2: HMAC-SHA256 (hex) of the event's personal values under their key; null when it has none. */
  personalDigest: string | null;
}

/** A stored event with its chain columns. */
export interface ChainedEvent extends ChainEvent {
  prevHash: string | null;
  hash: string | null;
  /**
   * v2 with personal values: false when their key is still kept and their HMAC no longer matches
   * the digest (the values were altered); true otherwise, including after an anonymisation erased them.
   */
  personalIntact?: boolean;
}

/** JSON value with object keys sorted (code-unit order) at every level. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value !== null && typeof value === 'object') {
    const source = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(source)
        .sort()
        .filter((key) => source[key] !== undefined)
        .map((key) => [key, sortedKeys(source[key])]),
    );
  }
  return value;
}

/** The exact text whose SHA-256 is the event's hash; `prevHash` is null for a mission's first event. */
export function canonicalEvent(event: ChainEvent, prevHash: string | null): string {
  if (event.chainVersion === 2) {
    return JSON.stringify([
      CHAIN_FORM_V2,
      event.id,
      event.mission,
      event.action,
      event.fromStatus,
      event.toStatus,
      event.actorUser,
      event.actorName,
      event.roleType,
      event.serviceProvider,
      event.serviceProviderName,
      event.details === undefined ? null : sortedKeys(event.details),
      event.createdAt.toISOString(),
      event.personalDigest,
      prevHash,
    ]);
  }
  return JSON.stringify([
    CHAIN_FORM_VERSION,
    event.id,
    event.mission,
    event.action,
    event.fromStatus,
    event.toStatus,
    event.actorUser,
    event.actorName,
    event.roleType,
    event.serviceProvider,
    event.serviceProviderName,
    event.details === undefined ? null : sortedKeys(event.details),
    event.createdAt.toISOString(),
    prevHash,
  ]);
}

/**
 * Recomputes a mission's chain (events oldest first): each event must name the previous event's
 * recomputed hash and store the hash of its own canonical form. The first event that does not is
 * where the chain is broken.
 */
export function verifyChain(
  missionRequestId: string,
  events: readonly ChainedEvent[],
  sha256Hex: (text: string) => string,
): ChainVerification {
  let prev: string | null = null;
  for (const [position, event] of events.entries()) {
    const expected = sha256Hex(canonicalEvent(event, prev));
    if (event.prevHash !== prev || event.hash !== expected || event.personalIntact === false) {
      return {
        missionRequestId,
        intact: false,
        events: events.length,
        headHash: events.at(-1)?.hash ?? null,
        brokenAt: { eventId: event.id, position },
      };
    }
    prev = expected;
  }
  return { missionRequestId, intact: true, events: events.length, headHash: prev, brokenAt: null };
}

/**
 * The verification as told to someone who sees only `shown` of the chain's events (a provider sees
 * neither the other bids nor the shipper's billing: missions/competition.ts). The whole chain is
 * still what was checked; the count and the broken position refer to what it sees (a break among
 * the events it does not see is placed at the next event it does see), so they reveal nothing of
 * the rest.
 */
export function verificationSeenAs(
  chain: ChainVerification,
  events: readonly Pick<ChainEvent, 'id'>[],
  shown: readonly Pick<ChainEvent, 'id'>[],
): ChainVerification {
  let brokenAt: ChainVerification['brokenAt'] = null;
  if (chain.brokenAt && shown.length > 0) {
    const shownIds = new Set(shown.map((event) => event.id));
    const next = events.slice(chain.brokenAt.position).find((event) => shownIds.has(event.id));
    const position = next ? shown.findIndex((event) => event.id === next.id) : shown.length - 1;
    brokenAt = { eventId: shown[position]?.id ?? '', position };
  }
  return { ...chain, events: shown.length, brokenAt };
}

/** The first characters of a hash, as the dossier and the dialog print it. */
export const shortHash = (hash: string, length = 12): string => hash.slice(0, length);
