/** Screens of the protected area that later issues fill; each carries its route under /home. */
import { ComingSoon } from './ComingSoon';
import { MenuGuard } from './MenuGuard';
import { withPath } from './pageTypes';

export const REPORTS_PATH = '/home/reports';

export const ReportsPlaceholder = withPath(
  () => (
    <MenuGuard to={REPORTS_PATH}>
      <ComingSoon title="Relatórios" description="Aqui ficará o relatório de missões, com filtros e extração em Excel." />
    </MenuGuard>
  ),
  'reports',
);
