import { Link as RouterLink, useLocation } from 'react-router-dom';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { crumbsFor } from '../domain/navigation';

/** docs/rules/screens.md: one crumb per path segment (ids skipped); earlier crumbs link to their screen, the last is text. */
export function Breadcrumb() {
  const { pathname } = useLocation();
  const crumbs = crumbsFor(pathname);
  if (crumbs.length === 0) return null;
  return (
    <Breadcrumbs aria-label="Trilha de navegação" sx={{ mb: 2 }}>
      {crumbs.map((crumb) =>
        crumb.link ? (
          <Link key={crumb.to} component={RouterLink} to={crumb.to} underline="hover" color="inherit">
            {crumb.label}
          </Link>
        ) : (
          <Typography key={crumb.to} color={crumb.last ? 'text.primary' : 'text.secondary'} aria-current={crumb.last ? 'page' : undefined}>
            {crumb.label}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}
