/** The billing calculus and the agents' totals (issue 10), shared by the billing screen and the server. */
export * from './types';
export * from './totals';
export * from './calculus';
