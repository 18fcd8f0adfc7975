/** Screens of the protected area that later issues fill; each carries its route under /home. */
import { ComingSoon } from './ComingSoon';
import { withPath } from './pageTypes';

export const MissionsPlaceholder = withPath(
  () => <ComingSoon title="Missões" description="Aqui ficará a tabela de missões, com propostas, detalhes, chat e faturamento." />,
  'missions/*',
);

export const ReportsPlaceholder = withPath(
  () => <ComingSoon title="Relatórios" description="Aqui ficará o relatório de missões, com filtros e extração em Excel." />,
  'reports/*',
);
