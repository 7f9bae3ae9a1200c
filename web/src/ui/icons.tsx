// Inline icons (no icon font or CDN). 24×24, stroked with currentColor so they follow the text.
import type { ReactNode } from 'react';

const PATHS = {
  slips: (
    <>
      <rect x="7" y="3" width="12" height="16" rx="3" />
      <path d="M4.5 6.5v11A3.5 3.5 0 0 0 8 21h7" />
      <path d="M13 8.6c-.9-1-2.6-.6-2.6.9 0 1.3 2.6 2.9 2.6 2.9s2.6-1.6 2.6-2.9c0-1.5-1.7-1.9-2.6-.9z" />
    </>
  ),
  discover: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m15.5 8.5-2 5-5 2 2-5z" />
    </>
  ),
  story: (
    <>
      <circle cx="12" cy="12" r="9" strokeDasharray="5.5 2.6" />
      <path d="M10 8.8v6.4l5.2-3.2z" />
    </>
  ),
  chat: <path d="M20.5 11.5a8 8 0 0 1-11.7 7.1L4 19.8l1.2-4.4a8 8 0 1 1 15.3-3.9z" />,
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4.5 20.5a7.5 7.5 0 0 1 15 0" />
    </>
  ),
  settings: (
    <>
      <path d="M4 7h9M17 7h3M4 17h3M11 17h9" />
      <circle cx="15" cy="7" r="2" />
      <circle cx="9" cy="17" r="2" />
    </>
  ),
  logout: (
    <>
      <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4" />
      <path d="M9 8 5 12l4 4M5 12h10" />
    </>
  ),
  back: <path d="M19 12H5m6-6-6 6 6 6" />,
  wifiOff: (
    <>
      <path d="M3 3l18 18" />
      <path d="M8.5 16.4a5 5 0 0 1 7 0" />
      <path d="M5.2 12.9a9.8 9.8 0 0 1 3.9-2.4M14.6 10.4a9.8 9.8 0 0 1 4.2 2.5" />
      <path d="M2 9.4a14.8 14.8 0 0 1 4.1-2.8M10.3 5.6A14.8 14.8 0 0 1 22 9.4" />
      <circle cx="12" cy="19.6" r=".6" />
    </>
  ),
  chevron: <path d="m9 6 6 6-6 6" />,
  heart: (
    <path d="M12 20s-7.5-4.6-9.3-9A4.9 4.9 0 0 1 12 6.4a4.9 4.9 0 0 1 9.3 4.6C19.5 15.4 12 20 12 20z" />
  ),
  heartOutline: (
    <>
      <path d="M12 20s-7.5-4.6-9.3-9A4.9 4.9 0 0 1 12 6.4a4.9 4.9 0 0 1 9.3 4.6C19.5 15.4 12 20 12 20z" />
      <path d="M9 11.5h6" />
    </>
  ),
  eye: (
    <>
      <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  sparkle: (
    <>
      <path d="m12 3 1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z" />
      <path d="M19 16v4M17 18h4" />
    </>
  ),
  gift: (
    <>
      <rect x="3.5" y="8" width="17" height="4.5" rx="1" />
      <path d="M5 12.5V20h14v-7.5M12 8v12" />
      <path d="M12 8S10.6 4 8.3 4a2 2 0 0 0 0 4M12 8s1.4-4 3.7-4a2 2 0 0 1 0 4" />
    </>
  ),
  refresh: (
    <path d="M19.5 11A7.5 7.5 0 0 0 6 7.2M5 4v3.5h3.5M4.5 13A7.5 7.5 0 0 0 18 16.8M19 20v-3.5h-3.5" />
  ),
  card: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2.5" />
      <path d="M3 10h18M7 15h4" />
    </>
  ),
  shield: (
    <>
      <path d="M12 3 19.5 6v5.5c0 4.6-3.2 8-7.5 9.5-4.3-1.5-7.5-4.9-7.5-9.5V6z" />
      <path d="m9 12 2.2 2.2L15.5 10" />
    </>
  ),
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.6 5.6 3.6 9s-1.1 6.4-3.6 9c-2.5-2.6-3.6-5.6-3.6-9S9.5 5.6 12 3z" />
    </>
  ),
  close: <path d="M6 6l12 12M18 6 6 18" />,
  lock: (
    <>
      <rect x="5" y="10.5" width="14" height="10" rx="2.5" />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" />
      <path d="M12 14.5v2" />
    </>
  ),
  crown: (
    <>
      <path d="M4 8.5 7.5 12 12 5.5 16.5 12 20 8.5 18.5 18h-13z" />
      <path d="M6 21h12" />
    </>
  ),
  check: <path d="m5 12.5 4.2 4.2L19 7" />,
  checks: <path d="m2.5 12.5 4.2 4.2L16.5 7M11 15.2l1.5 1.5L22.3 7" />,
  clock: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
  more: (
    <>
      <circle cx="12" cy="5.5" r="1.3" fill="currentColor" />
      <circle cx="12" cy="12" r="1.3" fill="currentColor" />
      <circle cx="12" cy="18.5" r="1.3" fill="currentColor" />
    </>
  ),
  send: <path d="M4.5 12 3 4.5 21 12 3 19.5zm0 0h7" />,
  archive: (
    <>
      <rect x="3" y="4" width="18" height="4.5" rx="1.2" />
      <path d="M5 8.5V19a1.5 1.5 0 0 0 1.5 1.5h11A1.5 1.5 0 0 0 19 19V8.5M10 12.5h4" />
    </>
  ),
  pin: (
    <>
      <path d="M12 21s-6.5-6-6.5-11a6.5 6.5 0 0 1 13 0c0 5-6.5 11-6.5 11z" />
      <circle cx="12" cy="10" r="2.3" />
    </>
  ),
  flame: (
    <path d="M12 21a6.5 6.5 0 0 0 6.5-6.5c0-3.6-2.6-5.6-3.7-8.8-.3 2.2-1.5 3.5-2.8 4.1.3-2.9-.9-5.6-3.5-7.3.2 3.8-3 6.2-3 10.3A6.5 6.5 0 0 0 12 21z" />
  ),
  users: (
    <>
      <circle cx="9" cy="8.5" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
      <path d="M15.5 5.2a3.5 3.5 0 0 1 0 6.6M18 14.3a6.5 6.5 0 0 1 3.5 5.7" />
    </>
  ),
  infinity: (
    <path d="M12 12c-1.7-2.3-3.3-3.5-5-3.5a3.5 3.5 0 0 0 0 7c1.7 0 3.3-1.2 5-3.5zm0 0c1.7 2.3 3.3 3.5 5 3.5a3.5 3.5 0 0 0 0-7c-1.7 0-3.3 1.2-5 3.5z" />
  ),
  image: (
    <>
      <rect x="3.5" y="4.5" width="17" height="15" rx="2.5" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="m4 17 4.5-4.5 3.5 3.5 2.5-2.5L20 19" />
    </>
  ),
  camera: (
    <>
      <path d="M4 8h3l1.5-2.5h7L17 8h3v11H4z" />
      <circle cx="12" cy="13" r="3.2" />
    </>
  ),
  pause: <path d="M9 5.5v13M15 5.5v13" />,
  play: <path d="M8 5.2v13.6L18.5 12z" />,
  hourglass: (
    <>
      <path d="M6.5 3.5h11M6.5 20.5h11" />
      <path d="M7.5 3.5c0 4.2 4.5 5.6 4.5 8.5s-4.5 4.3-4.5 8.5M16.5 3.5c0 4.2-4.5 5.6-4.5 8.5s4.5 4.3 4.5 8.5" />
    </>
  ),
  flag: <path d="M5 21V4m0 0h11l-2 4 2 4H5" />,
  block: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M6 18 18 6" />
    </>
  ),
  cancel: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m9 9 6 6m0-6-6 6" />
    </>
  ),
  checkCircle: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m8.2 12.3 2.6 2.6 5-5.3" />
    </>
  ),
  plus: <path d="M12 5v14M5 12h14" />,
  trash: (
    <>
      <path d="M4.5 7h15M9.5 7V4.8h5V7M6.5 7l.8 12.2h9.4L17.5 7" />
      <path d="M10.2 10.5v5.5M13.8 10.5v5.5" />
    </>
  ),
  pencil: (
    <>
      <path d="M15.5 5.5 18.5 8.5 9 18H6v-3z" />
      <path d="m13.5 7.5 3 3" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof PATHS;

/** Icons that point somewhere; the theme mirrors them in RTL. */
const DIRECTIONAL: ReadonlySet<IconName> = new Set(['back', 'chevron', 'logout', 'send']);

interface IconProps {
  name: IconName;
  size?: number;
  className?: string;
  strokeWidth?: number;
}

export function Icon({ name, size = 24, className, strokeWidth = 1.8 }: IconProps) {
  const classes = ['icon', DIRECTIONAL.has(name) ? 'icon-directional' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <svg
      className={classes}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  );
}

interface SolidIconProps {
  /** The one path of the glyph, on a 24×24 grid. */
  d: string;
  size: number;
  className?: string;
}

/** A glyph drawn as one path filled with currentColor, where a stroked Icon would look too thin. */
export function SolidIcon({ d, size, className }: SolidIconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} fill="currentColor" />
    </svg>
  );
}

/** The credits coin: gold, with the brand heart, so it reads as "Kesher money". */
export function CoinIcon({ size = 20, className }: { size?: number; className?: string }) {
  return (
    <svg
      className={className ? `coin-icon ${className}` : 'coin-icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="11" fill="#f5b301" />
      <circle cx="12" cy="12" r="8.4" fill="#ffd34d" stroke="#e09a00" strokeWidth="1.2" />
      <path
        d="M12 16.2s-3.9-2.4-4.8-4.7a2.5 2.5 0 0 1 4.8-2.3 2.5 2.5 0 0 1 4.8 2.3c-.9 2.3-4.8 4.7-4.8 4.7z"
        fill="#e09a00"
      />
    </svg>
  );
}

/** The free spin of the lucky wheel: a small wheel in the brand colours under a gold pointer. */
export function FreeSpinIcon({ size = 20, className }: { size?: number; className?: string }) {
  return (
    <svg
      className={className ? `freespin-icon ${className}` : 'freespin-icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="13" r="10" fill="#f5b301" />
      <circle cx="12" cy="13" r="8.4" fill="#ff6b8b" />
      <circle
        cx="12"
        cy="13"
        r="4.2"
        fill="none"
        stroke="#7c4dff"
        strokeWidth="8.4"
        strokeDasharray="3.3 3.3"
      />
      <circle cx="12" cy="13" r="2.4" fill="#fff" stroke="#e09a00" strokeWidth="1" />
      <path d="M9.2 1.5h5.6L12 6.2z" fill="#17111c" stroke="#fff" strokeWidth="0.8" />
    </svg>
  );
}
