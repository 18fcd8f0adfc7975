/**
 * What each tab of 'Privacidade' is given: the tenant acted on (undefined: the caller's own, or none
 * picked yet by the platform admin) and whether the caller is the platform admin.
 */
export interface PanelProps {
  tenant: string | undefined;
  allTenants: boolean;
}
