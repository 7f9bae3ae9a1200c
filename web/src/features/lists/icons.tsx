// Icons the list, Discover and premium screens need beyond the shell's set. Same drawing rules
// as shell/icons.tsx: 24×24, stroked with currentColor.
import type { ReactNode } from 'react';

const PATHS = {
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
} satisfies Record<string, ReactNode>;

export type ExtraIconName = keyof typeof PATHS;

export function ExtraIcon({
  name,
  size = 20,
  strokeWidth = 1.8,
  className,
}: {
  name: ExtraIconName;
  size?: number;
  strokeWidth?: number;
  className?: string;
}) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
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
