/** The app's text fields take the whole width; filters sit side by side from sm up. */
export const FILTER_WIDTH = { width: { xs: '100%', sm: 230 } } as const;
