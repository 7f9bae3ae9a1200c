// Pure display helpers shared by the deck, the profile modal and the matched modal.

/** The image viewer wraps around at both ends (spec §2): -1 is the last photo, `count` the first. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

const RTL_LETTER = /[\u0590-\u08FF]/;

/**
 * Up to two initials for a photo placeholder ("Noa Levi" → "NL"). Hebrew initials get a thin
 * space between them, since two joined letters would read as a word ("מ ל", not "מל").
 */
export function initialsOf(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => (Array.from(word)[0] ?? '').toLocaleUpperCase());
  return letters.join(letters.some((l) => RTL_LETTER.test(l)) ? '\u2009' : '');
}

/** A calm two-tone gradient picked from the id, so a person without a photo keeps one look. */
export function placeholderGradient(id: number): string {
  const hues = [340, 350, 290, 265, 15, 320, 300, 355];
  const hue = hues[Math.abs(id) % hues.length] ?? 340;
  return `linear-gradient(155deg, hsl(${hue} 70% 74%) 0%, hsl(${(hue + 28) % 360} 50% 44%) 100%)`;
}
