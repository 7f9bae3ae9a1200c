// What stands in for a person's photo when there is none: their initials on a gradient that
// stays the same for them.

/** Up to two initials of a name, for a photo placeholder. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.slice(0, 2).map((part) => Array.from(part)[0] ?? '');
  return letters.join('').toLocaleUpperCase();
}

const PALETTES: readonly [string, string][] = [
  ['#ff8fa8', '#a8326e'],
  ['#ffb48a', '#e8436b'],
  ['#b69cff', '#7c4dff'],
  ['#7fd1c7', '#3c8d93'],
  ['#ffc86b', '#e07a2e'],
  ['#8fb8ff', '#5a58d6'],
];

/** A pleasant two-colour gradient chosen from a seed, so a person keeps the same colours. */
export function gradientFor(seed: number): string {
  const index = Math.abs(Math.trunc(seed)) % PALETTES.length;
  const [from, to] = PALETTES[index] ?? PALETTES[0] ?? ['#ff8fa8', '#a8326e'];
  return `linear-gradient(150deg, ${from} 0%, ${to} 100%)`;
}
