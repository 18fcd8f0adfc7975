/**
 * `/acompanhar/{token}`: the shipper's read-only, live view of one mission, for people without a
 * login. Plain React and one CSS file over the brand's --pr-* variables, like the landing page: no
 * MUI, no react-admin, no router, no Leaflet, so a phone on a weak network opens it quickly.
 */
import './tracking.css';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { PlainBrandLogo } from '../../layout/PlainBrandLogo';
import { themeStore } from '../../theme/themeState';
import { publicClient } from '../../dataProvider/themesApi';
import { usePathname } from '../../layout/plainHistory';
import { TRACKING_NOT_FOUND, TRACKING_TOKEN_PATTERN, trackingTokenOf } from '../../domain/tracking';
import { TrackingPage } from './TrackingPage';
import { useTracking } from './useTracking';

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="tk">
      <header className="tk-bar">
        <PlainBrandLogo height={32} />
        <span>Acompanhamento da missão</span>
      </header>
      <main className="tk-main">{children}</main>
    </div>
  );
}

/** The link no longer opens (revoked, expired, unknown): what happened, and who to ask. */
function Gone({ message }: { message: string }) {
  return (
    <section className="tk-card tk-gone" role="alert" data-testid="tracking-gone">
      <h1>Link revogado ou expirado</h1>
      <p>{message}</p>
      <p>Se ainda precisa acompanhar esta missão, peça um novo link a quem o enviou.</p>
    </section>
  );
}

function Tracking({ token }: { token: string }) {
  const state = useTracking(publicClient, token);
  // The page wears the theme of the risk manager that shared it (its colours and logo), not the product's.
  const theme = state.kind === 'view' ? state.view.theme : undefined;
  useEffect(() => {
    if (theme && theme !== themeStore.getState().requested) void themeStore.load(theme);
  }, [theme]);
  if (state.kind === 'loading') {
    return (
      <div className="tk-card" aria-busy="true">
        <div className="pr-spinner" role="progressbar" aria-label="Carregando" />
      </div>
    );
  }
  if (state.kind === 'gone') return <Gone message={state.message} />;
  if (state.kind === 'failed') {
    return (
      <section className="tk-card" role="alert">
        <h1>Acompanhamento indisponível</h1>
        <p>{state.message}</p>
      </section>
    );
  }
  return <TrackingPage view={state.view} live={state.live} problem={state.problem} />;
}

export default function TrackingScreen() {
  const token = trackingTokenOf(usePathname()) ?? '';
  return <Shell>{TRACKING_TOKEN_PATTERN.test(token) ? <Tracking key={token} token={token} /> : <Gone message={TRACKING_NOT_FOUND} />}</Shell>;
}
