/** A titled panel of the dashboard; every chart and table sits in one. */
import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export function DashboardCard({ title, children, subtitle }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ height: '100%', minWidth: 0 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
