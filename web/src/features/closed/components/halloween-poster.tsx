/** The party poster, drawn rather than downloaded. */
export function HalloweenPoster() {
  return (
    <svg
      viewBox="0 0 320 180"
      role="img"
      aria-label="Halloween party poster: a pumpkin under a full moon with bats"
      style={{ width: '100%', display: 'block' }}
    >
      <defs>
        <linearGradient id="hw-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1a0b2e" />
          <stop offset="1" stopColor="#4a1d5e" />
        </linearGradient>
        <radialGradient id="hw-pumpkin" cx="0.45" cy="0.4" r="0.7">
          <stop offset="0" stopColor="#ffb347" />
          <stop offset="1" stopColor="#e8590c" />
        </radialGradient>
      </defs>
      <rect width="320" height="180" fill="url(#hw-sky)" />
      <circle cx="250" cy="52" r="30" fill="#fff4c2" />
      <circle cx="262" cy="46" r="30" fill="#2b1140" opacity="0.15" />
      {[
        [60, 40, 1],
        [100, 28, 0.7],
        [200, 70, 0.8],
      ].map(([x, y, s]) => (
        <path
          key={`${x}`}
          transform={`translate(${x} ${y}) scale(${s})`}
          fill="#0d0518"
          d="M0 0 q-8 -10 -20 -4 q6 2 6 8 q-4 -2 -8 2 q6 0 10 6 q4 -6 12 -6 q8 0 12 6 q4 -6 10 -6 q-4 -4 -8 -2 q0 -6 6 -8 q-12 -6 -20 4z"
        />
      ))}
      <rect x="0" y="150" width="320" height="30" fill="#12061f" />
      <g transform="translate(222 128)">
        <rect x="-4" y="-44" width="8" height="14" rx="2" fill="#3b7d23" />
        <ellipse cx="-22" cy="0" rx="26" ry="30" fill="url(#hw-pumpkin)" />
        <ellipse cx="22" cy="0" rx="26" ry="30" fill="url(#hw-pumpkin)" />
        <ellipse cx="0" cy="0" rx="26" ry="32" fill="url(#hw-pumpkin)" />
        <path d="M-22 -10 l8 -10 l8 10z M6 -10 l8 -10 l8 10z" fill="#2b0d00" />
        <path d="M-24 10 q24 22 48 0 l-8 4 l-4 -6 l-6 6 l-6 -6 l-6 6 l-6 -6 l-4 6z" fill="#2b0d00" />
      </g>
      <text x="20" y="120" fill="#ffb347" fontSize="22" fontWeight="700" fontFamily="Georgia, serif">
        Halloween
      </text>
      <text x="20" y="142" fill="#fff4c2" fontSize="14" fontFamily="Georgia, serif">
        Party · 31.10
      </text>
    </svg>
  );
}
