/**
 * The hand-written screens of the protected area, registered by App.tsx inside <CustomRoutes>
 * (with the layout). Each entry is a component with a static `path` relative to /home; adding a
 * screen is one line here. Each page guards itself (e.g. the admin area by its tiles).
 */
import type { PageComponent } from './pageTypes';
import { AdminSection } from './admin/AdminSection';
import { MissionsSection } from './missions/MissionsSection';
import { ReportsPlaceholder } from './placeholderPages';
import ThemeEditorPage from './theme/ThemeEditorPage';
import { UsersPage } from './users/UsersPage';

export const PROTECTED_PAGES: PageComponent[] = [
  MissionsSection,
  ReportsPlaceholder,
  AdminSection,
  ThemeEditorPage,
  UsersPage,
];
