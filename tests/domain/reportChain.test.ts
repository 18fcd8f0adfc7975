/**
 * The dossier's canonical event form and chain walk (src/domain/reports/chain.ts): fixed field
 * order, details independent of key order, instants as ISO UTC, and every kind of tampering —
 * a changed field, a removed event, two events swapped, a forged hash — caught at the right event.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalEvent, verifyChain, type ChainedEvent, type ChainEvent } from '../../src/domain/reports/chain';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const event = (n: number, details: unknown = null): ChainEvent => ({
  id: `5f00000000000000000000${String(n).padStart(2, '0')}`,
  mission: '5f0000000000000000000100',
  action: n === 0 ? 'created' : 'proposal_notice',
  fromStatus: null,
  toStatus: n === 0 ? 'open' : null,
  actorUser: '5f0000000000000000001002',
  actorName: 'Gestor Demo',
  roleType: 'risk_manager',
  serviceProvider: null,
  serviceProviderName: null,
  details,
  createdAt: new Date(Date.UTC(2026, 2, 5, 12, n, 0, 7)),
  chainVersion: 1,
  personalDigest: null,
});

function chainOf(events: ChainEvent[]): ChainedEvent[] {
  let prev: string | null = null;
  return events.map((e) => {
    const hash = sha(canonicalEvent(e, prev));
    const chained = { ...e, prevHash: prev, hash };
    prev = hash;
    return chained;
  });
}

describe('canonicalEvent', () => {
  it('is a JSON array in a fixed order with the ISO instant and the previous hash last', () => {
    expect(canonicalEvent(event(0), null)).toBe(
      '["mission-event/v1","5f0000000000000000000000","5f0000000000000000000100","created",null,"open",' +
        '"5f0000000000000000001002","Gestor Demo","risk_manager",null,null,null,"2026-03-05T12:00:00.007Z",null]',
    );
    expect(canonicalEvent(event(1), 'ab').endsWith(',"ab"]')).toBe(true);
  });

  it('reads details the same whatever order their keys come back in (jsonb reorders them)', () => {
    const a = canonicalEvent(event(1, { b: 1, a: { d: [1, { y: 2, x: 1 }], c: 'ç' } }), null);
    const b = canonicalEvent(event(1, { a: { c: 'ç', d: [1, { x: 1, y: 2 }] }, b: 1 }), null);
    expect(a).toBe(b);
    expect(canonicalEvent(event(1, { a: 1 }), null)).not.toBe(canonicalEvent(event(1, { a: 2 }), null));
  });
});

describe('verifyChain', () => {
  const events = [0, 1, 2, 3].map((n) => event(n));

  it('intact: the head is the last hash; an empty chain is intact with no head', () => {
    const chain = chainOf(events);
    expect(verifyChain('m', chain, sha)).toEqual({ missionRequestId: 'm', intact: true, events: 4, headHash: chain[3]?.hash, brokenAt: null });
    expect(verifyChain('m', [], sha)).toEqual({ missionRequestId: 'm', intact: true, events: 0, headHash: null, brokenAt: null });
  });

  it.each([
    ['a changed field', (c: ChainedEvent[]) => c.map((e, i) => (i === 2 ? { ...e, actorName: 'Outra pessoa' } : e)), 2],
    ['a removed event', (c: ChainedEvent[]) => c.filter((_, i) => i !== 1), 1],
    ['two events swapped', (c: ChainedEvent[]) => [c[0], c[2], c[1], c[3]] as ChainedEvent[], 1],
    ['a rewritten hash', (c: ChainedEvent[]) => c.map((e, i) => (i === 3 ? { ...e, hash: sha('forjado') } : e)), 3],
    ['an event without its hash', (c: ChainedEvent[]) => c.map((e, i) => (i === 0 ? { ...e, hash: null } : e)), 0],
  ])('broken by %s, at that event', (_, tamper, position) => {
    const broken = tamper(chainOf(events));
    const result = verifyChain('m', broken, sha);
    expect(result.intact).toBe(false);
    expect(result.brokenAt).toEqual({ eventId: broken[position]?.id, position });
  });
});
