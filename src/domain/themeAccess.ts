/**
 * Who edits a theme: the risk-manager admin (perfil admin) edits its own risk manager's; a platform
 * admin edits any risk manager's, naming it. Nobody edits another tenant's theme.
 */
import { isCatalogueAdmin } from './permissions';
import type { Role } from './roles';

export const canEditTheme = (role: Role | null | undefined): boolean => isCatalogueAdmin(role);
