/** The billing calculus, its access rules and its API shapes (issue 10), shared by the billing screen and the server. */
export * from './types';
export * from './totals';
export * from './calculus';
export * from './access';
export * from './api';
