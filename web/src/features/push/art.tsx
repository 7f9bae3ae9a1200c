// Pictures of the push prompts: a bell on the brand gradient, Safari's share glyph and its
// "add" square, drawn here so that the iOS steps show what the member will look for.

export function BellArt() {
  return (
    <svg viewBox="0 0 96 96" width="96" height="96" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="push-bell-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff6b8b" />
          <stop offset="0.5" stopColor="#e8436b" />
          <stop offset="1" stopColor="#a8326e" />
        </linearGradient>
      </defs>
      <rect x="8" y="8" width="80" height="80" rx="26" fill="url(#push-bell-gradient)" />
      <path
        d="M48 26c-9.4 0-16 7-16 16.5v9.2l-4.6 7.6c-.8 1.4.2 3.2 1.8 3.2h37.6c1.6 0 2.6-1.8 1.8-3.2L64 51.7v-9.2C64 33 57.4 26 48 26Z"
        fill="#fff"
      />
      <path d="M41.5 66.5a6.5 6.5 0 0 0 13 0" fill="#fff" />
      <circle cx="65" cy="29" r="9" fill="#ffd34d" stroke="#fff" strokeWidth="3" />
    </svg>
  );
}

export function ShareGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M12 3v12M7.5 7.5 12 3l4.5 4.5M8 10.5H6.5A1.5 1.5 0 0 0 5 12v7.5A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5V12a1.5 1.5 0 0 0-1.5-1.5H16"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function AddSquareGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <rect
        x="4"
        y="4"
        width="16"
        height="16"
        rx="4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
      <path d="M12 8.5v7M8.5 12h7" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}
