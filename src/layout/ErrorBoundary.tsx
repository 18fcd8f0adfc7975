import type { ReactNode } from 'react';
import { BareErrorBoundary } from './BareErrorBoundary';
import { ErrorFallback } from './ErrorFallback';

/** Catches render errors below it and shows the 'Erro inesperado' page (or `fallback`). */
export function ErrorBoundary({ children, fallback = <ErrorFallback />, resetKey }: { children: ReactNode; fallback?: ReactNode; resetKey?: unknown }) {
  return (
    <BareErrorBoundary fallback={fallback} resetKey={resetKey}>
      {children}
    </BareErrorBoundary>
  );
}
