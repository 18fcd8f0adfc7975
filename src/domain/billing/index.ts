/** The billing calculus, its access rules and its API shapes (docs/rules/billing.md), shared by the billing screen and the server. */
export * from './types';
export * from './totals';
export * from './calculus';
export * from './access';
export * from './api';
