/**
 * The running phase's SLA clock of a monitoring row: green while on time, amber from 80% of the
 * target — or, on the way to the place, as soon as the live estimate lands past the due moment —
 * red past it (src/domain/missions/sla.ts decides all three, as for the server's breaches). On the
 * way it also says when the team arrives ('chega em 12 min', docs/rules/sla.md).
 * It ticks every second only while the row is on screen and the tab is visible: a page of 20 rows
 * costs at most 20 cheap re-renders a second, and none when scrolled away or in the background.
 */
import AccessTime from '@mui/icons-material/AccessTime';
import { Box } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { SLA_PHASE_LABELS, slaClock, slaClockText, slaRemainingText, type MissionRow, type SlaColor } from '../../domain/missions';
import { arrivesInText } from '../../domain/positions/eta';

/** Text and background of each colour, dark on light so each passes AA (the word says it too, not only the colour). */
const COLORS: Record<SlaColor, { color: string; bgcolor: string; word: string }> = {
  green: { color: '#1b5e20', bgcolor: '#e8f5e9', word: 'no prazo' },
  amber: { color: '#7a3e00', bgcolor: '#fff3e0', word: 'perto do prazo' },
  red: { color: '#b71c1c', bgcolor: '#ffebee', word: 'prazo estourado' },
};

/** Whether the element is on screen (always true where IntersectionObserver does not exist). */
function useOnScreen(ref: React.RefObject<HTMLElement | null>): boolean {
  const [visible, setVisible] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setVisible(entries.some((entry) => entry.isIntersecting)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return visible;
}

export function SlaClockChip({ row }: { row: MissionRow }) {
  const ref = useRef<HTMLSpanElement>(null);
  const onScreen = useOnScreen(ref);
  const [now, setNow] = useState(() => Date.now());
  const clock = row.sla && slaClock({ status: row.storedStatus, createdAt: row.createdAt, sla: row.sla }, now);
  const ticking = clock !== null;
  useEffect(() => {
    if (!ticking || !onScreen) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') setNow(Date.now());
    }, 1000);
    return () => clearInterval(timer);
  }, [ticking, onScreen]);
  if (!clock) return <span ref={ref} />;
  const look = COLORS[clock.color];
  const phase = SLA_PHASE_LABELS[clock.phase];
  const remaining = slaRemainingText(clock.remainingMs);
  // Amber with time to spare: the words say why, the colour alone would not.
  const word = clock.forecastLate && clock.color === 'amber' ? 'previsão de chegada depois do prazo' : look.word;
  const forecast = clock.arrivesInMinutes === null ? '' : `, ${arrivesInText(clock.arrivesInMinutes)}`;
  return (
    <Box
      component="span"
      ref={ref}
      data-sla-color={clock.color}
      title={`Prazo da fase ${phase}: ${word}`}
      aria-label={`Prazo (${phase}): ${word}, ${clock.remainingMs < 0 ? 'excedido em' : 'restam'} ${remaining}${forecast}`}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        py: 0.25,
        borderRadius: 4,
        fontSize: '0.8125rem',
        fontWeight: 600,
        // On a phone card's narrow column the words wrap rather than run past its edge.
        maxWidth: '100%',
        fontVariantNumeric: 'tabular-nums',
        color: look.color,
        bgcolor: look.bgcolor,
        border: 1,
        borderColor: look.color,
      }}
    >
      <AccessTime sx={{ fontSize: '1rem' }} aria-hidden />
      {slaClockText(clock)}
    </Box>
  );
}
