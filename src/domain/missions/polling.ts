/**
 * How often the missions table (and an open proposals list) asks the server again. The spec says
 * the list is polled but not how often; 15 s keeps a provider's notice of new missions prompt while
 * 200 polling clients stay far inside the monitoring budget (issue 7).
 */
export const MISSIONS_POLL_MS = 15_000;
