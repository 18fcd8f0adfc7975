/**
 * Where the company is, drawn locally (no map tiles: the landing page works offline and loads
 * nothing from elsewhere). The address in text sits beside it; the pin takes the brand's colour.
 */
export function StaticMap({ label }: { label: string }) {
  return (
    <svg className="lp-map" role="img" aria-label={label} viewBox="0 0 320 200">
      <rect width="320" height="200" fill="#e8eef1" />
      <path d="M0 140 L320 60" stroke="#ffffff" strokeWidth="14" />
      <path d="M60 0 L140 200" stroke="#ffffff" strokeWidth="10" />
      <path d="M220 0 L250 200" stroke="#ffffff" strokeWidth="8" />
      <path d="M0 40 L320 120" stroke="#ffffff" strokeWidth="6" />
      <rect x="170" y="130" width="60" height="40" rx="4" fill="#cfe3d3" />
      <text x="180" y="90" fontSize="10" fill="#607080" transform="rotate(-14 180 90)">
        Av. Paulista
      </text>
      <path d="M160 70c-11 0-20 9-20 20 0 15 20 36 20 36s20-21 20-36c0-11-9-20-20-20Z" fill="var(--pr-primary)" />
      <circle cx="160" cy="90" r="7" fill="#ffffff" />
    </svg>
  );
}
