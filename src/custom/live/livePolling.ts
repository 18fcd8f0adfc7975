/**
 * How often the missions screen polls (docs/rules/missions.md: the list, the proposals and the chat are
 * polled).
 * While the live stream is up every change arrives as an event within a second, so polling slows
 * to a safety net (LIVE_POLL_MS); when the stream is down the product's interval applies again.
 */
import { createContext, useContext } from 'react';
import { MISSIONS_POLL_MS } from '../../domain/missions';

/** A poll a minute while live: catches what a broken proxy might swallow, costs little. */
export const LIVE_POLL_MS = 60_000;

export const PollIntervalContext = createContext<number>(MISSIONS_POLL_MS);

export const usePollInterval = () => useContext(PollIntervalContext);
