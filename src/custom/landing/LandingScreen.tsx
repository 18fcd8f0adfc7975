import { LandingPage } from './LandingPage';
import { LandingToaster } from './LandingToaster';

/** `/` as the browser shows it outside the MUI shell: the page and its own toasts. */
export default function LandingScreen({ preloadLogin }: { preloadLogin: () => void }) {
  return (
    <>
      <LandingPage preloadLogin={preloadLogin} />
      <LandingToaster />
    </>
  );
}
