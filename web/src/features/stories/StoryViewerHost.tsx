// Where the story viewer lives: mounted once by MainLayout, it draws the viewer (a lazy chunk)
// while the viewer store holds a request; a new opening starts it afresh.
import { lazy, Suspense } from 'react';
import { useStoryViewer } from './viewerStore';

const StoryViewer = lazy(() => import('./StoryViewer'));

export function StoryViewerHost() {
  const request = useStoryViewer((s) => s.request);
  const seq = useStoryViewer((s) => s.seq);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <StoryViewer key={seq} request={request} />
    </Suspense>
  );
}
