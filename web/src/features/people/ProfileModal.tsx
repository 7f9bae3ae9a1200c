// The profile modal (spec §2, §4): mounted once by MainLayout, shown while
// useProfileModal.userId is set. It loads the profile and its photos 10 at a time, records one
// visit per open, and offers like, chat, block and report.
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppStore } from '../../app/store';
import type { Person, PhotoEntry, ProfileTarget } from '../../realtime/protocol';
import { Icon } from '../../ui/icons';
import { arrowStep } from '../../ui/readingStep';
import {
  applyLikeOutcome,
  errorText,
  fetchPhotos,
  fetchProfile,
  onPresence,
  recordVisit,
  sendSwipe,
} from './api';
import { PHOTOS_PREFETCH_DISTANCE, PROFILE_PHOTOS_PAGE } from './constants';
import { Dialog } from '../../ui/Dialog';
import { wrapIndex } from './display';
import { ImageViewer } from './ImageViewer';
import { showNotice } from './overlays';
import { LanguageBadge, OnlineDot, useLocationLine, VirtualBadge } from './PersonBadges';
import { BlockDialog, ReportDialog } from './SafetyDialogs';
import { usePeopleStore, useProfileModal } from './store';
import { createTapGuard } from './tapGuard';
import { LazyExtrasSummary } from '../profile/extras/lazy';
import './people.css';

/** The person as the shared lists already know them, so the modal can draw before the reply. */
function useKnownPerson(userId: number): Person | null {
  return usePeopleStore((s) => {
    for (const list of [s.cards, s.meet, s.popular, s.spotlight]) {
      const found = list.find((p) => p.id === userId);
      if (found) return found;
    }
    return null;
  });
}

type Load =
  { state: 'loading' } | { state: 'ready'; person: Person } | { state: 'failed'; message: string };

interface ProfileModalProps {
  userId: number;
  target: ProfileTarget;
}

function ProfileModal({ userId, target }: ProfileModalProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const close = useProfileModal((s) => s.close);
  const myId = useAppStore((s) => s.user?.id ?? null);
  const known = useKnownPerson(userId);
  const locationLine = useLocationLine();
  const exists = useCallback((key: string) => i18n.exists(key), [i18n]);

  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [photos, setPhotos] = useState<PhotoEntry[]>([]);
  const [photosDone, setPhotosDone] = useState(false);
  const [index, setIndex] = useState(0);
  const [liking, setLiking] = useState(false);
  const [confirm, setConfirm] = useState<'block' | 'report' | null>(null);
  const visited = useRef(false);
  const photosPending = useRef(false);
  const tapGuard = useMemo(() => createTapGuard(), []);

  // Load the profile; not_found closes the modal. The answer never depends on `target`.
  useEffect(() => {
    let live = true;
    void fetchProfile(userId, target).then((outcome) => {
      if (!live) return;
      if (outcome.kind === 'ok') {
        const { person: user, photos: first } = outcome;
        setLoad({ state: 'ready', person: user });
        const page = first.slice(0, PROFILE_PHOTOS_PAGE);
        setPhotos(page);
        setPhotosDone(page.length >= user.photos_count || first.length < PROFILE_PHOTOS_PAGE);
        // One visit per open, never for oneself (the server ignores it too).
        if (!visited.current && user.id !== myId) {
          visited.current = true;
          recordVisit(user.id);
        }
      } else if (outcome.kind === 'not_found') {
        close();
        usePeopleStore.getState().dropCard(userId);
        showNotice(t('people.errors.not_found'), 'error');
      } else if (outcome.kind === 'refused') {
        setLoad({ state: 'failed', message: errorText(t, exists, outcome.code) });
      } else {
        setLoad({ state: 'failed', message: t('errors.network') });
      }
    });
    return () => {
      live = false;
    };
  }, [userId, target, attempt, myId, close, t, exists]);

  // Presence of the person on screen.
  useEffect(
    () =>
      onPresence((event) => {
        if (event.user_id !== userId) return;
        setLoad((l) =>
          l.state === 'ready'
            ? { ...l, person: { ...l.person, status: event.type === 'online' ? 1 : 0 } }
            : l,
        );
      }),
    [userId],
  );

  const person = load.state === 'ready' ? load.person : null;
  const shown = person ?? known;
  const gallery: PhotoEntry[] =
    photos.length > 0
      ? photos
      : shown?.photo
        ? [{ id: -1, photo: shown.photo, thumb: shown.thumb ?? shown.photo }]
        : [];

  const loadMorePhotos = useCallback(() => {
    if (photosDone || photosPending.current || !person) return;
    photosPending.current = true;
    void fetchPhotos(person.id, photos.length).then((page) => {
      photosPending.current = false;
      if (page === null) {
        setPhotosDone(true);
        return;
      }
      setPhotos((current) => {
        const ids = new Set(current.map((p) => p.id));
        return [...current, ...page.filter((p) => !ids.has(p.id))];
      });
      if (page.length < PROFILE_PHOTOS_PAGE) setPhotosDone(true);
    });
  }, [photosDone, person, photos.length]);

  const changePhoto = (next: number) => {
    setIndex(next);
    if (next >= photos.length - 1 - PHOTOS_PREFETCH_DISTANCE) loadMorePhotos();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (confirm || gallery.length < 2) return;
    const step = arrowStep(event.key, i18n.dir() === 'rtl');
    if (step === null || event.target instanceof HTMLInputElement) return;
    event.preventDefault();
    changePhoto(wrapIndex(index + step, gallery.length));
  };

  const like = async () => {
    if (!person || liking || !tapGuard()) return;
    setLiking(true);
    const outcome = await sendSwipe(person.id, 1);
    setLiking(false);
    if (outcome.kind === 'ok') {
      setLoad({
        state: 'ready',
        person: { ...person, liked: 1, matched: outcome.matched ? 1 : person.matched },
      });
      // Liked people leave the deck: the server would not deal them again.
      usePeopleStore.getState().dropCard(person.id);
    } else if (outcome.kind === 'not_found') {
      close();
      usePeopleStore.getState().dropCard(person.id);
      showNotice(t('people.errors.not_found'), 'error');
    } else if (outcome.kind === 'error') {
      showNotice(errorText(t, exists, outcome.code), 'error');
    }
    applyLikeOutcome(person, outcome);
  };

  const openChat = () => {
    close();
    void navigate(`/chat/${userId}`);
  };

  const isSelf = myId === userId;
  const name = shown?.name ?? '';

  return (
    <Dialog
      onClose={close}
      labelledBy={titleId}
      className="profile-modal"
      testId="profile-modal"
      onKeyDown={onKeyDown}
    >
      <div className="profile-modal__media">
        {shown ? (
          <ImageViewer
            person={shown}
            photos={gallery}
            total={Math.max(shown.photos_count, gallery.length)}
            index={index}
            onIndexChange={changePhoto}
          />
        ) : (
          <div className="image-viewer skeleton" aria-hidden="true" />
        )}
        <button
          type="button"
          className="profile-modal__close"
          onClick={close}
          aria-label={t('people.profile.close')}
        >
          <Icon name="close" size={20} strokeWidth={2.2} />
        </button>
      </div>

      <div className="profile-modal__body">
        {shown ? (
          <header className="profile-modal__header">
            <h2 id={titleId} className="profile-modal__name">
              <span>{t('people.nameAge', { name: shown.name, age: shown.age })}</span>
              <OnlineDot online={shown.status === 1} />
            </h2>
            <p className="profile-modal__meta">
              <span
                className={
                  shown.status === 1 ? 'profile-modal__status is-online' : 'profile-modal__status'
                }
              >
                {t(shown.status === 1 ? 'people.onlineNow' : 'people.offline')}
              </span>
            </p>
            <p className="profile-modal__meta">
              <Icon name="pin" size={16} />
              <span>{locationLine(shown, true)}</span>
            </p>
            <LanguageBadge person={shown} />
          </header>
        ) : (
          <div className="profile-modal__header" aria-busy="true">
            <h2 id={titleId} className="visually-hidden">
              {t('people.profile.loading')}
            </h2>
            <span className="profile-skeleton-line skeleton" />
            <span className="profile-skeleton-line profile-skeleton-line--short skeleton" />
          </div>
        )}

        {shown?.virtual === 1 && (
          <aside className="virtual-panel" data-testid="profile-virtual-badge">
            <VirtualBadge />
            <p>{t('people.virtualBody')}</p>
          </aside>
        )}

        {load.state === 'failed' && (
          <div className="profile-modal__failed" role="alert">
            <p>{load.message}</p>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setLoad({ state: 'loading' });
                setAttempt((a) => a + 1);
              }}
            >
              {t('people.profile.retry')}
            </button>
          </div>
        )}

        {person && (
          <section className="profile-modal__section" aria-labelledby={`${titleId}-about`}>
            <h3 id={`${titleId}-about`}>{t('people.profile.about')}</h3>
            {person.bio.trim() ? (
              <p className="profile-modal__bio" dir="auto">
                {person.bio}
              </p>
            ) : (
              <p className="muted">{t('people.profile.noBio')}</p>
            )}
          </section>
        )}

        {load.state === 'ready' && (
          <LazyExtrasSummary
            extras={load.person.extras}
            className="profile-modal__section"
            testId="profile-extras"
          />
        )}

        {person && !isSelf && (
          <section className="profile-modal__safety" aria-label={t('people.profile.safety')}>
            <button
              type="button"
              className="profile-modal__safety-btn"
              onClick={() => setConfirm('report')}
              data-testid="profile-report"
            >
              <Icon name="flag" size={18} />
              {t('people.profile.report', { name })}
            </button>
            <button
              type="button"
              className="profile-modal__safety-btn is-danger"
              onClick={() => setConfirm('block')}
              data-testid="profile-block"
            >
              <Icon name="block" size={18} />
              {t('people.profile.block', { name })}
            </button>
          </section>
        )}
      </div>

      {person && !isSelf && (
        <footer className="profile-modal__actions">
          <button
            type="button"
            className="btn btn-secondary profile-modal__chat"
            onClick={openChat}
            data-testid="profile-chat"
          >
            <Icon name="chat" size={20} />
            {t('people.profile.chat')}
          </button>
          {person.liked === 1 || person.matched === 1 ? (
            <span className="profile-modal__liked" role="status">
              <Icon name="heart" size={18} strokeWidth={2.2} />
              {t(person.matched === 1 ? 'people.profile.matched' : 'people.profile.liked')}
            </span>
          ) : (
            <button
              type="button"
              className="btn btn-primary profile-modal__like"
              onClick={() => void like()}
              disabled={liking}
              aria-busy={liking}
              data-testid="profile-like"
            >
              <Icon name="heart" size={20} strokeWidth={2.2} />
              {t('people.profile.like')}
            </button>
          )}
        </footer>
      )}

      {confirm === 'block' && (
        <BlockDialog
          userId={userId}
          name={name}
          onClose={() => setConfirm(null)}
          onBlocked={() => {
            usePeopleStore.getState().forget(userId);
            close();
          }}
        />
      )}
      {confirm === 'report' && (
        <ReportDialog userId={userId} name={name} onClose={() => setConfirm(null)} />
      )}
    </Dialog>
  );
}

/** Mounted once by MainLayout: the profile modal while a profile is open. Its notices go to the
 *  notification banner (BannerHost, mounted by RootLayout). */
export function ProfileModalHost() {
  const userId = useProfileModal((s) => s.userId);
  const target = useProfileModal((s) => s.target);
  const { pathname } = useLocation();
  const shownAt = useRef(pathname);
  // A profile belongs to the screen it was opened on: going to another page (a chat, a list, the
  // back button) closes it rather than leaving it over the new page.
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    useProfileModal.getState().close();
  }, [pathname]);
  return userId !== null ? <ProfileModal key={userId} userId={userId} target={target} /> : null;
}
