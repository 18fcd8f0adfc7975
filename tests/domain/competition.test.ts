import { describe, expect, it } from 'vitest';
import { bidOutcome, bidOutcomeOfRows } from '../../src/domain/live';
import {
  documentReader,
  eventsForClient,
  holderStatus,
  holderStatusWeight,
  missionRowForProvider,
  MISSION_EVENT_ACTIONS,
  MISSION_STATUS_WEIGHTS,
  providerLiveNotice,
  providerSeesEvent,
  providerStanding,
  providerStatus,
  proposalsReceived,
  STORED_MISSION_STATUSES,
  storedStatusesShownToHolderAs,
  type MissionEventAction,
  type MissionRow,
  type ProviderStanding,
  type StoredMissionStatus,
} from '../../src/domain/missions';
import { verificationSeenAs } from '../../src/domain/reports/chain';

/** The competition rule (src/domain/missions/competition.ts), case by case. */

const ME = 'a'.repeat(24);
const OTHER = 'b'.repeat(24);

describe('a provider’s standing', () => {
  it.each([
    [{ status: 'open', serviceProvider: null, bid: false }, 'auction'],
    [{ status: 'open', serviceProvider: null, bid: true }, 'auction'],
    [{ status: 'canceled', serviceProvider: null, bid: true }, 'auction'],
    [{ status: 'canceled', serviceProvider: null, bid: false }, 'hidden'],
    [{ status: 'started', serviceProvider: ME, bid: true }, 'holder'],
    [{ status: 'billed', serviceProvider: ME, bid: true }, 'holder'],
    [{ status: 'started', serviceProvider: OTHER, bid: true }, 'lost'],
    [{ status: 'canceled', serviceProvider: OTHER, bid: true }, 'lost'],
    [{ status: 'started', serviceProvider: OTHER, bid: false }, 'hidden'],
  ] as const)('%o → %s', (facts, standing) => {
    expect(providerStanding(facts, ME)).toBe(standing);
  });

  it('the holder sees its own side’s billing only; the loser sees rejected; the outsider nothing', () => {
    expect(STORED_MISSION_STATUSES.map((s) => [s, holderStatus(s)])).toEqual([
      ['open', 'open'],
      ['started', 'started'],
      ['finished', 'finished'],
      ['billed_shipper', 'finished'],
      ['billed_provider', 'billed'],
      ['billed', 'billed'],
      ['canceled', 'canceled'],
    ]);
    expect(providerStatus({ status: 'billed_shipper', serviceProvider: OTHER, bid: true }, ME)).toBe('rejected');
    expect(providerStatus({ status: 'billed_shipper', serviceProvider: OTHER, bid: false }, ME)).toBeNull();
    expect(storedStatusesShownToHolderAs('finished')).toEqual(['finished', 'billed_shipper']);
    expect(storedStatusesShownToHolderAs('billed')).toEqual(['billed_provider', 'billed']);
    expect(storedStatusesShownToHolderAs('billed_shipper')).toEqual([]);
    // Sorted as it is shown: a mission whose shipper side is billed sits among the finished ones.
    expect(holderStatusWeight('billed_shipper')).toBe(MISSION_STATUS_WEIGHTS.finished);
  });
});

describe('events a provider sees', () => {
  const sees = (standing: ProviderStanding) =>
    MISSION_EVENT_ACTIONS.filter((action) => providerSeesEvent({ action, serviceProvider: OTHER }, standing, ME));

  it('by standing, for events about someone else', () => {
    const details = ['vehicle', 'occurrence', 'agent', 'attachment'].flatMap((item) => ['added', 'changed', 'removed'].map((verb) => `${item}_${verb}`));
    expect(sees('holder')).toEqual(['created', 'accepted', 'finished', 'canceled', 'reopened', 'finish_asked', 'finish_request_canceled', 'billed_provider', ...details, 'team_arrived', 'team_left', 'sos_raised', 'silence_raised', 'alarm_acknowledged', 'fiscal_keys_changed']);
    expect(sees('auction')).toEqual(['created', 'canceled']);
    expect(sees('lost')).toEqual(['created']);
    expect(sees('hidden')).toEqual([]);
  });

  it('its own bids whatever its standing but hidden; nobody’s an unknown action', () => {
    const bids: MissionEventAction[] = ['proposal_notice', 'proposal_completed', 'proposal_updated', 'proposal_removed'];
    for (const standing of ['holder', 'auction', 'lost'] as const) {
      for (const action of bids) expect(providerSeesEvent({ action, serviceProvider: ME }, standing, ME), `${standing} ${action}`).toBe(true);
    }
    expect(providerSeesEvent({ action: 'proposal_notice', serviceProvider: ME }, 'hidden', ME)).toBe(false);
    expect(providerSeesEvent({ action: 'sla_breach', serviceProvider: ME }, 'holder', ME)).toBe(false);
  });
});

describe('live notices', () => {
  const accepted = { action: 'accepted', serviceProvider: OTHER, fromStatus: 'open', toStatus: 'started' } as const;
  it('a mission leaving the auction tells the loser it lost and the outsider it is gone, nothing more', () => {
    expect(providerLiveNotice(accepted, { status: 'started', serviceProvider: OTHER, bid: true }, ME)).toEqual({ action: null, status: 'rejected' });
    expect(providerLiveNotice(accepted, { status: 'started', serviceProvider: OTHER, bid: false }, ME)).toEqual({ action: null, status: null });
    expect(providerLiveNotice({ ...accepted, serviceProvider: ME }, { status: 'started', serviceProvider: ME, bid: true }, ME)).toEqual({
      action: 'accepted',
      status: 'started',
    });
  });

  it('the others’ bids and what follows an acceptance are heard by nobody else', () => {
    const bid = { action: 'proposal_completed', serviceProvider: OTHER, fromStatus: null, toStatus: null } as const;
    expect(providerLiveNotice(bid, { status: 'open', serviceProvider: null, bid: true }, ME)).toBeNull();
    const billed = { action: 'billed_shipper', serviceProvider: ME, fromStatus: 'finished', toStatus: 'billed_shipper' } as const;
    expect(providerLiveNotice(billed, { status: 'billed_shipper', serviceProvider: ME, bid: true }, ME)).toBeNull();
    const finished = { action: 'finished', serviceProvider: OTHER, fromStatus: 'started', toStatus: 'finished' } as const;
    expect(providerLiveNotice(finished, { status: 'finished', serviceProvider: OTHER, bid: true }, ME)).toBeNull();
  });
});

describe('a mission row as a provider sees it', () => {
  const row = (status: StoredMissionStatus, serviceProvider: string | null, bid = true): MissionRow & { storedStatus: StoredMissionStatus } => ({
    _id: 'c'.repeat(24),
    processNumber: 'P-1',
    status,
    storedStatus: status,
    finishingAsked: true,
    createdAt: '2026-11-25T12:00:00.000Z',
    createdAtDisplay: '25/11/2026 09:00',
    riskManager: 'd'.repeat(24),
    riskManagerName: 'Gerenciadora',
    shipper: 'e'.repeat(24),
    shipperName: 'Embarcador',
    franchise_plan: 'f'.repeat(24),
    franchisePlanName: 'Plano',
    requester: '1'.repeat(24),
    requesterNameDisplay: 'Solicitante',
    serviceProvider,
    serviceProviderName: serviceProvider ? 'Vencedora' : 'Em leilão',
    place: null,
    location: { zipcode: '01310100', address: 'Av', number: '1', neighborhood: 'B', city: 'C', state: 'SP', latitude: 0, longitude: 0 },
    unreadMessages: 3,
    ownProposal: bid ? { _id: '2'.repeat(24), status: serviceProvider === ME ? 'approved' : 'rejected' } : null,
    sla: null,
  });

  it('the loser: rejected, no holder, no stored status, no finish request, no chat', () => {
    expect(missionRowForProvider(row('billed_shipper', OTHER), ME)).toEqual({
      standing: 'lost',
      row: { ...row('billed_shipper', OTHER), status: 'rejected', storedStatus: null, serviceProvider: null, serviceProviderName: '', finishingAsked: false, unreadMessages: 0 },
    });
  });

  it('the holder: its own view of the status; the outsider: nothing', () => {
    expect(missionRowForProvider(row('billed_shipper', ME), ME)?.row).toMatchObject({ status: 'finished', storedStatus: 'finished', finishingAsked: true, unreadMessages: 3 });
    expect(missionRowForProvider(row('started', OTHER, false), ME)).toBeNull();
  });
});

describe('the chain check told to a provider', () => {
  const events = ['e1', 'e2', 'e3', 'e4'].map((id) => ({ id }));
  const shown = [events[0]!, events[2]!];
  const chain = { missionRequestId: 'm', intact: false, events: 4, headHash: 'h', brokenAt: { eventId: 'e2', position: 1 } };
  it('counts and places the break among the events it sees', () => {
    expect(verificationSeenAs(chain, events, shown)).toEqual({ ...chain, events: 2, brokenAt: { eventId: 'e3', position: 1 } });
    expect(verificationSeenAs({ ...chain, brokenAt: { eventId: 'e4', position: 3 } }, events, shown).brokenAt).toEqual({ eventId: 'e3', position: 1 });
    expect(verificationSeenAs({ ...chain, intact: true, brokenAt: null }, events, shown)).toMatchObject({ intact: true, events: 2, brokenAt: null });
  });
});

describe('mission documents', () => {
  it("the 'Prestadora' kind and whatever a provider downloads are the holder's; the others the risk manager's users download, the client's", () => {
    expect(documentReader('provider', false)).toBe('holder');
    expect(documentReader('simple', true)).toBe('holder');
    expect(documentReader('shipper', false)).toBe('client');
    expect(documentReader('simple', false)).toBe('client');
  });

  it("the client's timeline keeps the holder's and the risk manager's events and counts every provider that bid", () => {
    const events = [
      { action: 'created', serviceProvider: null },
      { action: 'proposal_notice', serviceProvider: OTHER },
      { action: 'proposal_completed', serviceProvider: OTHER },
      { action: 'proposal_completed', serviceProvider: ME },
      { action: 'accepted', serviceProvider: ME },
    ];
    expect(eventsForClient(events, ME)).toEqual([events[0], events[3], events[4]]);
    expect(eventsForClient(events, null)).toEqual([events[0]]);
    expect(proposalsReceived(events)).toBe(2);
  });
});

describe('a live event read as a bid’s outcome', () => {
  it('the acceptance is won; leaving the auction as rejected is lost; anything else says nothing', () => {
    const notice = (event: { action: MissionEventAction; serviceProvider: string | null }, facts: { status: StoredMissionStatus; serviceProvider: string | null; bid: boolean }) =>
      providerLiveNotice({ ...event, fromStatus: 'open', toStatus: facts.status }, facts, ME);
    const held = { status: 'started', serviceProvider: ME, bid: true } as const;
    const lost = { status: 'started', serviceProvider: OTHER, bid: true } as const;
    const never = { status: 'started', serviceProvider: OTHER, bid: false } as const;
    expect(bidOutcome(notice({ action: 'accepted', serviceProvider: ME }, held)!)).toBe('won');
    expect(bidOutcome(notice({ action: 'accepted', serviceProvider: OTHER }, lost)!)).toBe('lost');
    expect(bidOutcome(notice({ action: 'accepted', serviceProvider: OTHER }, never)!)).toBeNull();
    expect(bidOutcome({ action: 'canceled', status: 'canceled' })).toBeNull();
    expect(bidOutcome({ action: 'created', status: 'open' })).toBeNull();
  });

  it("reads the same outcome from two polls of a provider's row, once the stream is down", () => {
    const open = { status: 'open', serviceProvider: null } as const;
    expect(bidOutcomeOfRows(open, { status: 'started', serviceProvider: ME })).toBe('won');
    expect(bidOutcomeOfRows(open, { status: 'rejected', serviceProvider: null })).toBe('lost');
    expect(bidOutcomeOfRows({ status: 'rejected', serviceProvider: null }, { status: 'rejected', serviceProvider: null })).toBeNull();
    expect(bidOutcomeOfRows({ status: 'started', serviceProvider: ME }, { status: 'finished', serviceProvider: ME })).toBeNull();
    expect(bidOutcomeOfRows(open, { status: 'canceled', serviceProvider: null })).toBeNull();
  });
});
