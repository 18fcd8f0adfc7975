/**
 * The splash and the full-page notices of the entry chunk, in plain elements (no MUI): what `/`
 * shows while its code or theme loads, and when either fails.
 */
import './plainScreens.css';
import { PlainAppMark } from './AppMark';
import { pageReloader } from './pageReloader';

export function PlainSplash() {
  return (
    <div className="pr-screen" aria-busy="true">
      <PlainAppMark height={56} on="background" />
      <div className="pr-spinner" role="progressbar" aria-label="Carregando" />
    </div>
  );
}

/** A title, a hint and a 'Recarregar' button (theme failure, unexpected error). */
export function PlainNotice({ title, text }: { title: string; text: string }) {
  return (
    <div className="pr-screen" role="alert">
      <h1>{title}</h1>
      <p>{text}</p>
      <button type="button" className="pr-button" onClick={() => pageReloader.reload()}>
        Recarregar
      </button>
    </div>
  );
}
