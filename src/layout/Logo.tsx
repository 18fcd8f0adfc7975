/** The brand mark (public/logo.svg), with its name for screen readers. */
export function Logo({ height = 40 }: { height?: number }) {
  return <img src="/logo.svg" alt="Pronta Resposta" height={height} style={{ display: 'block' }} />;
}
