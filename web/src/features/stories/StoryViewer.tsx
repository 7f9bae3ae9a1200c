// The story viewer (spec §2 "story viewer", §4 "Stories"): a member's stories one after another,
// each for 10 s (its bar grows 1 % every 100 ms), then the next member's; it closes at the end of
// one's own stories and after the last member. A tap on the picture pauses and resumes; the sides
// go back and forward. Others' stories take a reply (a paid text, never empty) and their name
// opens their profile; one's own show no input, can be deleted, and their avatar opens nothing.
// A virtual profile says so in the header. StoryViewerHost (mounted by MainLayout) loads it.
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/store';
import type { Story, StoryRing } from '../../realtime/protocol';
import { Dialog } from '../../ui/Dialog';
import { Icon } from '../../ui/icons';
import { arrowStep } from '../../ui/readingStep';
import { PersonPhoto } from '../../ui/PersonPhoto';
import { formatRelativeTime, nowSeconds } from '../../ui/relativeTime';
import { probeMediaLink } from '../chat/api';
import { useChat } from '../chat/context';
import { MESSAGE_MAX_CHARS, sendableText } from '../chat/rules';
import { showBanner } from '../notify/banner';
import { ConfirmDialog } from '../people/ConfirmDialog';
import { VirtualBadge } from '../people/PersonBadges';
import { openProfile } from '../people/store';
import { deleteStory, fetchStories } from './api';
import { showPremiumNotice } from './open';
import { loadRings } from './store';
import {
  afterDelete,
  barFill,
  next,
  openAt,
  prev,
  run,
  STORY_TICK_MS,
  togglePause,
  viewerSequence,
  type ViewerMember,
} from './viewerRules';
import { useStoryViewer, type StoryViewerRequest } from './viewerStore';
import './stories.css';

/** A member's stories: loaded, or none to show (ended, blocked, failed). */
type Loaded = Story[] | 'gone';

const close = () => useStoryViewer.getState().close();

/** Whether the page is hidden (another tab): a story does not run unseen. */
function usePageHidden(): boolean {
  const [hidden, setHidden] = useState(() => document.visibilityState === 'hidden');
  useEffect(() => {
    const onChange = () => setHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return hidden;
}

export default function StoryViewer({ request }: { request: StoryViewerRequest }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const chat = useChat();
  const language = useAppStore((s) => s.language);
  const [{ members, start }] = useState(() => viewerSequence(request.rings, request.start));
  const sequence: ViewerMember[] = useMemo(
    () => members.map((ring) => ({ userId: ring.user_id, mine: ring.mine === 1 })),
    [members],
  );
  const [state, setState] = useState(() => openAt(start));
  const [loaded, setLoaded] = useState<Record<number, Loaded>>(() => ({ ...request.loaded }));
  // The picture on screen has loaded (or failed, and says so): only then does its time run.
  const [shown, setShown] = useState<{ src: string; gone: 'expired' | 'unavailable' | null }>({
    src: '',
    gone: null,
  });
  const [reply, setReply] = useState('');
  const [sending, setSending] = useState(false);
  // How the last reply went, under the story it answered.
  const [replyNote, setReplyNote] = useState<{ storyId: number; sent: boolean } | null>(null);
  const [typing, setTyping] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const hidden = usePageHidden();
  const input = useRef<HTMLInputElement>(null);
  const requested = useRef(new Set<number>());

  const ring: StoryRing | undefined = members[state.member];
  const entry = ring ? loaded[ring.user_id] : undefined;
  const stories = Array.isArray(entry) ? entry : [];
  const story = stories[state.story];
  const mine = ring?.mine === 1;
  const ready = story !== undefined && shown.src === story.story_photo;
  const held = !ready || typing || confirmDelete || hidden || sending;
  const note = replyNote && story && replyNote.storyId === story.story_id ? replyNote : null;

  // The member on screen: their stories load when they come up; none to show skips them.
  const userId = ring?.user_id;
  useEffect(() => {
    if (userId === undefined || loaded[userId] !== undefined || requested.current.has(userId)) {
      return;
    }
    requested.current.add(userId);
    void fetchStories(userId).then((outcome) => {
      if (outcome.kind === 'premium_required') {
        showPremiumNotice();
        close();
        return;
      }
      const list = outcome.kind === 'ok' && outcome.stories.length > 0 ? outcome.stories : 'gone';
      setLoaded((l) => ({ ...l, [userId]: list }));
      if (list === 'gone') {
        setState((s) => (members[s.member]?.user_id === userId ? next(s, 0, sequence) : s));
      }
    });
  }, [userId, loaded, members, sequence]);

  // Spec §4, §9: 1 % every 100 ms while the story runs, by the clock: a late timer catches up.
  const count = stories.length;
  useEffect(() => {
    if (held || state.paused || state.closed) return;
    let last = Date.now();
    const timer = setInterval(() => {
      const steps = Math.floor((Date.now() - last) / STORY_TICK_MS);
      if (steps <= 0) return;
      last += steps * STORY_TICK_MS;
      setState((s) => run(s, steps, count, sequence));
    }, STORY_TICK_MS);
    return () => clearInterval(timer);
  }, [held, state.paused, state.closed, count, sequence]);

  useEffect(() => {
    if (state.closed) close();
  }, [state.closed]);

  if (!ring) return null;

  const rtl = i18n.dir() === 'rtl';
  const goNext = () => setState((s) => next(s, count, sequence));
  const goPrev = () => setState((s) => prev(s));
  const pause = () => setState((s) => togglePause(s));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target instanceof HTMLInputElement) return;
    const step = arrowStep(event.key, rtl);
    if (step !== null) {
      event.preventDefault();
      if (step === 1) goNext();
      else goPrev();
    } else if (event.key === ' ') {
      event.preventDefault();
      pause();
    }
  };

  const sendReply = async (event: FormEvent) => {
    event.preventDefault();
    if (!story || sendableText(reply) === null || sending) return;
    setSending(true);
    const result = await chat.sendStoryReply(
      ring.user_id,
      story.story_id,
      reply,
      story.story_photo,
    );
    setSending(false);
    // not_enough_credits closed the viewer and opened the credits modal (the chat did).
    if (result === 'sent') {
      // Sent: the story runs on (the input may still hold the focus).
      setReply('');
      setTyping(false);
      input.current?.blur();
    }
    if (result === 'sent' || result === 'failed') {
      setReplyNote({ storyId: story.story_id, sent: result === 'sent' });
    }
  };

  const remove = async () => {
    if (!story) return;
    setDeleting(true);
    const ok = await deleteStory(story.story_id);
    setDeleting(false);
    setConfirmDelete(false);
    if (!ok) {
      showBanner({ type: 'error', message: t('stories.viewer.deleteFailed') });
      return;
    }
    const remaining = stories.filter((s) => s.story_id !== story.story_id);
    setLoaded((l) => ({ ...l, [ring.user_id]: remaining.length > 0 ? remaining : 'gone' }));
    setState((s) => afterDelete(s, remaining.length));
    showBanner({ type: 'success', message: t('stories.viewer.deleted') });
    void loadRings();
  };

  const showProfile = () => {
    close();
    openProfile(ring.user_id, 'explore');
  };

  const fills = barFill(state, Math.max(1, count));
  const now = nowSeconds();
  const who = (
    <>
      <span className="story-viewer__avatar">
        <PersonPhoto src={ring.thumb ?? ring.photo} name={ring.name} seed={ring.user_id} />
      </span>
      <span className="story-viewer__who-text">
        <bdi className="story-viewer__name" id={titleId}>
          {mine ? t('stories.yourStory') : ring.name}
        </bdi>
        {story ? (
          <span className="story-viewer__time">
            {formatRelativeTime(story.time, now, language)}
          </span>
        ) : null}
      </span>
    </>
  );

  return (
    <Dialog
      onClose={close}
      labelledBy={titleId}
      className="story-viewer"
      backdropClassName="story-viewer-backdrop"
      testId="story-viewer"
      onKeyDown={onKeyDown}
    >
      <div
        className="story-viewer__frame"
        data-testid="story-frame"
        data-user-id={ring.user_id}
        data-story-id={story?.story_id}
        data-story-index={state.story}
        data-paused={state.paused ? 'true' : 'false'}
      >
        <div className="story-viewer__media">
          {story && shown.src === story.story_photo && shown.gone ? (
            <p className="story-viewer__gone" data-testid="story-expired">
              <Icon name="hourglass" size={36} />
              {t(
                shown.gone === 'expired' ? 'stories.viewer.expired' : 'stories.viewer.unavailable',
              )}
            </p>
          ) : null}
          {story && ready && !shown.gone ? (
            <img
              key={`fill-${story.story_id}`}
              className="story-viewer__fill"
              src={story.story_photo}
              alt=""
              aria-hidden="true"
            />
          ) : null}
          {story && !(shown.src === story.story_photo && shown.gone) ? (
            <img
              key={story.story_id}
              className={ready ? 'story-viewer__image is-ready' : 'story-viewer__image'}
              src={story.story_photo}
              alt={mine ? t('stories.yourStory') : t('stories.viewer.image', { name: ring.name })}
              onLoad={() => setShown({ src: story.story_photo, gone: null })}
              onError={() => {
                const src = story.story_photo;
                void probeMediaLink(src).then((gone) => setShown({ src, gone }));
              }}
              data-testid="story-image"
            />
          ) : null}
          {!ready ? <span className="story-viewer__spinner" aria-hidden="true" /> : null}
        </div>

        <div className="story-viewer__top">
          <div className="story-viewer__bars" aria-hidden="true">
            {fills.map((fill, i) => (
              <span key={i} className="story-viewer__bar">
                <span
                  className="story-viewer__bar-fill"
                  style={{ inlineSize: `${fill}%` }}
                  data-testid={i === state.story ? 'story-progress' : undefined}
                  data-percent={i === state.story ? fill : undefined}
                />
              </span>
            ))}
          </div>
          <div className="story-viewer__header">
            {mine ? (
              <span className="story-viewer__who" data-testid="story-owner">
                {who}
              </span>
            ) : (
              <button
                type="button"
                className="story-viewer__who"
                onClick={showProfile}
                aria-label={t('stories.viewer.openProfile', { name: ring.name })}
                data-testid="story-owner"
              >
                {who}
              </button>
            )}
            {ring.virtual === 1 ? (
              <VirtualBadge className="story-viewer__virtual" testId="story-virtual-badge" />
            ) : null}
            <span className="story-viewer__actions">
              <button
                type="button"
                className="story-viewer__icon-btn"
                onClick={pause}
                aria-label={t(state.paused ? 'stories.viewer.resume' : 'stories.viewer.pause')}
                aria-pressed={state.paused}
                data-testid="story-pause"
              >
                <Icon name={state.paused ? 'play' : 'pause'} size={20} strokeWidth={2.2} />
              </button>
              {mine ? (
                <button
                  type="button"
                  className="story-viewer__icon-btn"
                  onClick={() => setConfirmDelete(true)}
                  disabled={!story}
                  aria-label={t('stories.viewer.delete')}
                  data-testid="story-delete"
                >
                  <Icon name="trash" size={20} />
                </button>
              ) : null}
              <button
                type="button"
                className="story-viewer__icon-btn"
                onClick={close}
                aria-label={t('stories.viewer.close')}
                data-testid="story-close"
              >
                <Icon name="close" size={22} strokeWidth={2.2} />
              </button>
            </span>
          </div>
          {ring.virtual === 1 ? (
            <p className="story-viewer__disclosure" data-testid="story-virtual-notice">
              {t('stories.viewer.virtualNotice')}
            </p>
          ) : null}
        </div>

        <div className="story-viewer__zones">
          <button
            type="button"
            className="story-viewer__zone story-viewer__zone--prev"
            onClick={goPrev}
            aria-label={t('stories.viewer.prev')}
            data-testid="story-prev"
          />
          <button
            type="button"
            className="story-viewer__zone story-viewer__zone--pause"
            onClick={pause}
            aria-label={t(state.paused ? 'stories.viewer.resume' : 'stories.viewer.pause')}
            data-testid="story-tap"
          />
          <button
            type="button"
            className="story-viewer__zone story-viewer__zone--next"
            onClick={goNext}
            aria-label={t('stories.viewer.next')}
            data-testid="story-next"
          />
        </div>
        {state.paused ? (
          <span className="story-viewer__paused" aria-hidden="true">
            <Icon name="pause" size={30} strokeWidth={2.4} />
          </span>
        ) : null}

        {mine ? null : (
          <form className="story-viewer__reply" onSubmit={(e) => void sendReply(e)}>
            {note ? (
              <p
                className={
                  note.sent
                    ? 'story-viewer__reply-note is-sent'
                    : 'story-viewer__reply-note is-failed'
                }
                role="status"
                data-testid="story-reply-note"
              >
                <Icon name={note.sent ? 'check' : 'cancel'} size={16} />
                {t(note.sent ? 'stories.viewer.replySent' : 'stories.viewer.replyFailed')}
              </p>
            ) : null}
            <input
              ref={input}
              className="story-viewer__reply-input"
              value={reply}
              maxLength={MESSAGE_MAX_CHARS}
              onChange={(event) => setReply(event.target.value)}
              onFocus={() => setTyping(true)}
              onBlur={() => setTyping(false)}
              placeholder={t('stories.viewer.replyPlaceholder', { name: ring.name })}
              aria-label={t('stories.viewer.replyLabel', { name: ring.name })}
              dir="auto"
              disabled={!story}
              data-testid="story-reply-input"
            />
            <button
              type="submit"
              className="send-button story-viewer__reply-send"
              disabled={sendableText(reply) === null || sending}
              aria-label={t('stories.viewer.send')}
              aria-busy={sending}
              data-testid="story-reply-send"
            >
              <Icon name="send" size={20} strokeWidth={2} />
            </button>
          </form>
        )}
      </div>

      <button
        type="button"
        className="story-viewer__side story-viewer__side--prev"
        onClick={goPrev}
        aria-label={t('stories.viewer.prev')}
        tabIndex={-1}
      >
        <Icon name="chevron" size={26} strokeWidth={2.2} />
      </button>
      <button
        type="button"
        className="story-viewer__side story-viewer__side--next"
        onClick={goNext}
        aria-label={t('stories.viewer.next')}
        tabIndex={-1}
      >
        <Icon name="chevron" size={26} strokeWidth={2.2} />
      </button>

      {confirmDelete ? (
        <ConfirmDialog
          title={t('stories.viewer.deleteTitle')}
          body={t('stories.viewer.deleteBody')}
          confirmLabel={t('stories.viewer.deleteConfirm')}
          onConfirm={() => void remove()}
          onCancel={() => setConfirmDelete(false)}
          busy={deleting}
          danger
        />
      ) : null}
    </Dialog>
  );
}
