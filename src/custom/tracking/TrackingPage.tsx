import { arrivesInText, fixAgeText } from '../../domain/positions/eta';
import { TRACKING_STATUS_LABELS, TRACKING_STEP_LABELS } from '../../domain/tracking';
import type { TrackingView } from '../../domain/tracking/contracts';
import { durationText, hhmmToMinutes } from '../../domain/validators/time';
import { externalMapUrl } from '../missions/mapConfig';
import { TileMap } from './TileMap';

/** dd/mm/aaaa hh:mm where the missions happen (the back-office shows times the same way). */
const moment = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });
const when = (iso: string) => moment.format(new Date(iso));

/** The holder's estimate is a duration (hh:mm from its proposal), not a clock time: '00:45' → '45 min'. */
const etaText = (hhmm: string) => {
  const minutes = hhmmToMinutes(hhmm);
  return minutes === null ? hhmm : durationText(minutes);
};

function placeLines(place: TrackingView['place']): string[] {
  const street = [place.address, place.number].filter(Boolean).join(', ');
  const town = [place.neighborhood, [place.city, place.state].filter(Boolean).join('/')].filter(Boolean).join(' – ');
  return [street, town].filter(Boolean);
}

/** The mission as its shipper may know it: status, process number, place, the holder's estimate, the timeline and the map. */
export function TrackingPage({ view, live, problem }: { view: TrackingView; live: boolean; problem: string | null }) {
  const { place } = view;
  const located = place.latitude !== null && place.longitude !== null;
  const lines = placeLines(place);
  return (
    <>
      {problem && (
        <p className="tk-problem" role="status">
          {problem}
        </p>
      )}
      <section className="tk-card tk-head" aria-labelledby="tk-title">
        <h1 id="tk-title">{view.processNumber ? `Missão ${view.processNumber}` : 'Missão'}</h1>
        <p className="tk-status-line">
          <span className="tk-status" data-status={view.status} data-testid="tracking-status">
            {TRACKING_STATUS_LABELS[view.status]}
          </span>
          <span className={live ? 'tk-live on' : 'tk-live'} data-testid="tracking-live">
            {live ? 'Ao vivo' : 'Atualizando a cada minuto'}
          </span>
        </p>
        <p className="tk-muted">Compartilhado por {view.sharedBy}</p>
        {view.approach && (
          <p className="tk-eta" data-testid="tracking-approach">
            Equipe a caminho
            {view.approach.arrivesInMinutes !== null && (
              <>
                : <strong>{arrivesInText(view.approach.arrivesInMinutes)}</strong>
              </>
            )}{' '}
            <span className="tk-muted">(posição de {fixAgeText(view.approach.fixedAt, new Date())})</span>
          </p>
        )}
        {view.eta && (
          <p className="tk-eta" data-testid="tracking-eta">
            Previsão de chegada da equipe: <strong>{etaText(view.eta.time)}</strong>
            {view.eta.distanceInKm !== null && ` (${view.eta.distanceInKm.toLocaleString('pt-BR')} km)`}
          </p>
        )}
      </section>

      <section className="tk-card" aria-labelledby="tk-place">
        <h2 id="tk-place">Local</h2>
        {place.name && <p className="tk-strong">{place.name}</p>}
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {located ? (
          <>
            <TileMap
              latitude={place.latitude!}
              longitude={place.longitude!}
              team={view.approach}
              label={`Mapa do local da missão${place.name ? `: ${place.name}` : ''}${view.approach ? ', com a equipe a caminho' : ''}`}
            />
            <a href={externalMapUrl([place.latitude!, place.longitude!])} target="_blank" rel="noopener noreferrer">
              Abrir no mapa
            </a>
          </>
        ) : (
          <p className="tk-muted">O local desta missão não tem coordenadas para o mapa.</p>
        )}
      </section>

      <section className="tk-card" aria-labelledby="tk-timeline">
        <h2 id="tk-timeline">Linha do tempo</h2>
        <ol className="tk-timeline" data-testid="tracking-timeline">
          {view.timeline.map((entry) => (
            <li key={`${entry.step}-${entry.at}`}>
              <span className="tk-step">{TRACKING_STEP_LABELS[entry.step]}</span>
              <time dateTime={entry.at}>{when(entry.at)}</time>
            </li>
          ))}
        </ol>
      </section>

      <p className="tk-muted tk-foot">
        {view.expiresAt
          ? `Este link deixa de funcionar em ${when(view.expiresAt)}.`
          : 'Esta página se atualiza sozinha enquanto a missão estiver em andamento.'}
      </p>
    </>
  );
}
