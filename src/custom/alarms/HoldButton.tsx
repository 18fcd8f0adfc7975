import { Box, Button, LinearProgress } from '@mui/material';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A button that acts only when held for `holdMs` (the SOS: a phone in a pocket does not press it by
 * accident, docs/rules/alarms.md): the bar under it fills while it is held and empties when let go
 * early. A finger or a mouse holds it down; the keyboard holds Space or Enter (a key's repeats are
 * one press), so it works without a pointer too.
 */
export function HoldButton({ holdMs, onHeld, disabled = false, label, hint, children }: { holdMs: number; onHeld: () => void; disabled?: boolean; label: string; hint: string; children: ReactNode }) {
  const [progress, setProgress] = useState(0);
  const started = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    started.current = null;
    setProgress(0);
  };
  const start = () => {
    if (disabled || started.current !== null) return;
    const at = Date.now();
    started.current = at;
    timer.current = setInterval(() => {
      const held = Date.now() - at;
      if (held < holdMs) {
        setProgress(Math.round((held / holdMs) * 100));
        return;
      }
      stop();
      onHeld();
    }, 50);
  };
  useEffect(() => stop, []);

  return (
    <Box>
      <Button
        variant="contained"
        color="error"
        size="large"
        fullWidth
        disabled={disabled}
        aria-label={label}
        title={hint}
        sx={{ minHeight: 64, fontSize: '1.5rem', fontWeight: 700, touchAction: 'none', userSelect: 'none' }}
        onPointerDown={start}
        onPointerUp={stop}
        onPointerLeave={stop}
        onPointerCancel={stop}
        onContextMenu={(e) => e.preventDefault()}
        onKeyDown={(e) => {
          if (e.key !== ' ' && e.key !== 'Enter') return;
          e.preventDefault();
          if (!e.repeat) start();
        }}
        onKeyUp={(e) => {
          if (e.key === ' ' || e.key === 'Enter') stop();
        }}
        onBlur={stop}
        // A click alone (a tap, or Enter let go at once) never raises it: only the hold does.
        onClick={(e) => e.preventDefault()}
      >
        {children}
      </Button>
      {/* Shown only while held: an idle progress bar would read as a screen still loading. */}
      {progress > 0 ? (
        <LinearProgress variant="determinate" value={progress} color="error" aria-label={hint} sx={{ mt: 0.5, height: 6, borderRadius: 3 }} />
      ) : (
        <Box sx={{ mt: 0.5, height: 6 }} />
      )}
    </Box>
  );
}
