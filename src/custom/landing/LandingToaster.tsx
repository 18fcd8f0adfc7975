import { useSyncExternalStore } from 'react';
import { dismiss, getToasts, subscribeToasts } from '../../layout/notify';

/**
 * The toasts of notify() on `/`, in plain elements: the app's <Toaster/> is built on MUI, which
 * the landing page does not download. Same store, so the same timings and limit (docs/rules/themes.md).
 */
export function LandingToaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  if (toasts.length === 0) return null;
  return (
    <div className="lp-toasts">
      {toasts.map((t) => (
        <div key={t.id} className="lp-toast" data-type={t.type} role={t.type === 'error' ? 'alert' : 'status'}>
          <span>{t.message}</span>
          {t.type !== 'loading' && (
            <button type="button" aria-label="Fechar" title="Fechar" onClick={() => dismiss(t.id)}>
              ×
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
