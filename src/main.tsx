// Roboto ships with the app (docs/rules/screens.md), latin subset, only the weights the theme and screens use.
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-600.css';
import '@fontsource/roboto/latin-700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { session } from './authProvider/session';
import { preloadPage } from './publicApp/pageLoaders';
import { redirectBrandedLanding } from './layout/plainHistory';
import { Root } from './publicApp/Root';
import { keepOnlyAnswersOf, registerServiceWorker } from './serviceWorker/register';

// docs/rules/missions.md: the stored session is read once, before the first screen.
session.load();
redirectBrandedLanding();
preloadPage(window.location.pathname);
registerServiceWorker();
// The kept API answers (for the app without signal) belong to the signed-in user alone.
const keepSignedInUsersAnswers = () => void keepOnlyAnswersOf(session.getState().user?.id ?? null).catch(() => undefined);
session.subscribe(keepSignedInUsersAnswers);
keepSignedInUsersAnswers();

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root ausente em index.html');
createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
