import { useEffect, useState } from 'react';

/**
 * Seconds left of a countdown that starts the first time `running` is true and then runs once,
 * to zero, whatever `running` does later (spec: the 'Reenviar código' countdown runs once).
 * Counted from a deadline rather than by ticks, so a throttled background tab stays right.
 */
export function useCountdown(seconds: number, running: boolean): number {
  const [deadline, setDeadline] = useState<number | null>(() => (running ? Date.now() + seconds * 1000 : null));
  const [now, setNow] = useState(() => Date.now());
  // Reads the clock once, on the render where the countdown starts (deadline still null).
  // eslint-disable-next-line react-hooks/purity -- that render sets the state, so it is not repeated
  if (running && deadline === null) setDeadline(Date.now() + seconds * 1000);

  const left = deadline === null ? seconds : Math.max(0, Math.ceil((deadline - now) / 1000));
  useEffect(() => {
    if (deadline === null || left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [deadline, left]);
  return left;
}
