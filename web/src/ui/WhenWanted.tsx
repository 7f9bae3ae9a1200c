// Mounts a lazy host once it is first wanted and keeps it mounted after, so that its closing
// (and any exit animation) stays its own. Used for the app-wide and the frame's modal hosts,
// whose chunks stay off the first load until the store asks for them.
import { Suspense, useState, type ReactNode } from 'react';

export function WhenWanted({ wanted, children }: { wanted: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(wanted);
  if (wanted && !mounted) setMounted(true);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
