/**
 * The alarm's sound on the risk manager's screens (docs/rules/alarms.md): a short two-tone beep
 * every second, made by WebAudio (no file to download or cache), until every alarm is answered.
 * A browser that forbids sound before the person touched the page stays silent; the red bar is
 * the alarm either way.
 */

const BEEP_EVERY_MS = 1_000;

/** Starts the beeps; answers the function that stops them. */
export function startAlarmSound(): () => void {
  const AudioContextClass = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!AudioContextClass) return () => undefined;
  let context: AudioContext;
  try {
    context = new AudioContextClass();
  } catch {
    return () => undefined;
  }
  const beep = () => {
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.25, 660],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.2, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.2);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.2);
    }
  };
  beep();
  const timer = setInterval(beep, BEEP_EVERY_MS);
  return () => {
    clearInterval(timer);
    void context.close().catch(() => undefined);
  };
}
