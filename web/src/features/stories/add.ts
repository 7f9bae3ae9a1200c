// Adding a story: the picture goes up (its progress on the add card), then stories/add with the
// link; the list is read again so that one's own ring shows first. A refused upload says why
// (spec §8); one started while another runs is ignored (spec §5).
import { i18next } from '../../i18n';
import { uploadErrorKey, uploadPicture } from '../media/upload';
import { showBanner } from '../notify/banner';
import { addStory } from './api';
import { loadRings, useStoriesStore } from './store';

/** Resolves true once the story is live. */
export async function addStoryFromFile(file: File): Promise<boolean> {
  const store = useStoriesStore.getState();
  if (store.adding !== null) return false;
  store.setAdding(0);
  try {
    const { link } = await uploadPicture(file, (fraction) =>
      useStoriesStore.getState().setAdding(fraction),
    );
    const outcome = await addStory(link);
    if (outcome.kind !== 'ok') {
      showBanner({ type: 'error', message: i18next.t('stories.addFailed') });
      return false;
    }
    showBanner({ type: 'success', message: i18next.t('stories.added') });
    await loadRings();
    return true;
  } catch (error) {
    const message = uploadErrorKey(error);
    if (message) showBanner({ type: 'error', message: i18next.t(message.key, message.params) });
    return false;
  } finally {
    useStoriesStore.getState().setAdding(null);
  }
}
