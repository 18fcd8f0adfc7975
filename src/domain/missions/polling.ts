/**
 * How often the missions table (and an open proposals list) asks the server again. Every
 * 15 s keeps a provider's notice of new missions prompt while
 * 200 polling clients stay far inside the monitoring budget (docs/performance.md).
 */
export const MISSIONS_POLL_MS = 15_000;
