/**
 * The fixed ids of the demo tenants and providers, shared by seed.ts (users, tenants, providers)
 * and seedCatalogues.ts (their catalogues), so the demo data is the same on every machine.
 */
export const DEMO_IDS = {
  riskManager: '5f0000000000000000000001',
  riskManagerNorte: '5f0000000000000000000002',
  provider: '5f0000000000000000000101',
  providerSul: '5f0000000000000000000102',
} as const;
