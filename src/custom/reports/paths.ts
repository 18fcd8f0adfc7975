/** The reports screen's route (docs/rules/reports.md), outside the lazy chunk so the page list can name it. */
export const REPORTS_PATH = '/home/reports';
/** REPORTS_PATH relative to /home, as PROTECTED_PAGES take it. */
export const REPORTS_ROUTE = 'reports';
