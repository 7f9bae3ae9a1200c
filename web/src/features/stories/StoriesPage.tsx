// /stories (spec §2 "stories list", §4): the members with live stories as rings, 20 a page,
// deduplicated by story_id, one's own first, with a card to add a story (a picture goes up, then
// stories/add). A ring opens the story viewer; without premium, others' stories answer with the
// premium notice. The page is dark, like its tab bar.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/store';
import type { StoryRing } from '../../realtime/protocol';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/icons';
import { PersonPhoto } from '../../ui/PersonPhoto';
import { gradientFor } from '../../ui/personPlaceholder';
import { formatRelativeTime, nowSeconds } from '../../ui/relativeTime';
import { photoOf } from '../shell/avatar';
import { LoadError } from '../lists/LoadError';
import { useInView } from '../lists/useInView';
import { PictureInput } from '../media/PictureInput';
import { openSubscriptions } from '../premium/store';
import { addStoryFromFile } from './add';
import { openStoryRing } from './open';
import { loadMoreRings, loadRings, useStoriesStore } from './store';
import './stories.css';

/** The cards of the first screen load their pictures at once; the later ones when near. */
const EAGER_CARDS = 8;

function RingCard({
  ring,
  onOpen,
  opening,
  eager,
}: {
  ring: StoryRing;
  onOpen: () => void;
  opening: boolean;
  eager: boolean;
}) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const mine = ring.mine === 1;
  const name = mine ? t('stories.yourStory') : ring.name;
  return (
    <li>
      <button
        type="button"
        className={mine ? 'story-card story-card--mine' : 'story-card'}
        onClick={onOpen}
        disabled={opening}
        aria-busy={opening}
        aria-label={t('stories.open', { name, count: ring.count })}
        data-testid="story-ring"
        data-user-id={ring.user_id}
        data-story-id={ring.story_id}
      >
        <span
          className="story-card__backdrop"
          style={ring.photo ? undefined : { backgroundImage: gradientFor(ring.user_id) }}
          aria-hidden="true"
        >
          {ring.photo ? (
            <img src={ring.photo} alt="" loading={eager ? 'eager' : 'lazy'} decoding="async" />
          ) : null}
        </span>
        <span className="story-card__ring">
          <PersonPhoto src={ring.thumb ?? ring.photo} name={ring.name} seed={ring.user_id} />
          {opening ? <span className="story-card__spinner" aria-hidden="true" /> : null}
        </span>
        <span className="story-card__text">
          <bdi className="story-card__name">{name}</bdi>
          <span className="story-card__meta">
            {ring.count > 1 ? t('stories.count', { count: ring.count }) + ' · ' : ''}
            {formatRelativeTime(ring.time, nowSeconds(), language)}
          </span>
        </span>
        {ring.virtual === 1 ? (
          <span className="story-card__virtual" title={t('stories.virtual')}>
            <Icon name="shield" size={14} strokeWidth={2} />
          </span>
        ) : null}
      </button>
    </li>
  );
}

/** "Add to your story": a picture from the device; its upload's progress fills the ring. */
function AddCard({ compact, onPick }: { compact: boolean; onPick: () => void }) {
  const { t } = useTranslation();
  const user = useAppStore((s) => s.user);
  const adding = useStoriesStore((s) => s.adding);
  const percent = adding === null ? null : Math.round(adding * 100);
  return (
    <li>
      <button
        type="button"
        className={compact ? 'story-add story-add--compact' : 'story-add'}
        onClick={onPick}
        disabled={adding !== null}
        aria-busy={adding !== null}
        data-testid="story-add"
      >
        <span className="story-add__photo">
          <PersonPhoto src={photoOf(user)} name={user?.name ?? ''} seed={user?.id ?? 0} />
          <span className="story-add__plus" aria-hidden="true">
            <Icon name="plus" size={18} strokeWidth={2.6} />
          </span>
          {percent !== null ? (
            <span
              className="story-add__progress"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-label={t('stories.adding')}
              style={{ ['--progress' as string]: `${percent * 3.6}deg` }}
              data-testid="story-add-progress"
            >
              <span dir="ltr">{percent}%</span>
            </span>
          ) : null}
        </span>
        <span className="story-add__text">
          <strong>{t(adding !== null ? 'stories.adding' : 'stories.add')}</strong>
          <span>{t('stories.addHint')}</span>
        </span>
      </button>
    </li>
  );
}

export default function StoriesPage() {
  const { t } = useTranslation();
  const rings = useStoriesStore((s) => s.rings);
  const state = useStoriesStore((s) => s.state);
  const ended = useStoriesStore((s) => s.ended);
  const loadingMore = useStoriesStore((s) => s.loadingMore);
  const premium = useAppStore((s) => s.user?.premium === 1);
  const [opening, setOpening] = useState<number | null>(null);
  const [sentinel, nearEnd] = useInView<HTMLDivElement>('600px');
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void loadRings();
  }, []);

  useEffect(() => {
    if (nearEnd && state === 'ready' && !ended && !loadingMore) void loadMoreRings();
  }, [nearEnd, state, ended, loadingMore, rings.length]);

  const open = async (index: number) => {
    const ring = rings[index];
    if (!ring || opening !== null) return;
    setOpening(ring.user_id);
    await openStoryRing(rings, index);
    setOpening(null);
  };

  const pick = () => fileInput.current?.click();

  const mine = rings.find((r) => r.mine === 1);
  const others = rings.filter((r) => r.mine !== 1);
  const loading = state === 'idle' || state === 'loading';

  return (
    <section className="stories-page" data-testid="stories-page">
      <header className="stories-page__header">
        <h1 className="stories-page__title">{t('stories.title')}</h1>
        <p className="stories-page__lead">{t('stories.lead')}</p>
      </header>

      {!premium ? (
        <button
          type="button"
          className="stories-premium"
          onClick={openSubscriptions}
          data-testid="stories-premium"
        >
          <Icon name="crown" size={20} />
          <span className="stories-premium__text">
            <strong>{t('stories.premium.title')}</strong>
            <span>{t('stories.premium.body')}</span>
          </span>
          <Icon name="chevron" size={18} className="stories-premium__chevron" />
        </button>
      ) : null}

      <PictureInput
        inputRef={fileInput}
        onPick={(file) => void addStoryFromFile(file)}
        testId="story-add-input"
      />

      <ul className="stories-grid" aria-busy={loading} aria-label={t('stories.listLabel')}>
        {mine ? (
          <RingCard
            ring={mine}
            onOpen={() => void open(rings.indexOf(mine))}
            opening={opening === mine.user_id}
            eager
          />
        ) : null}
        <AddCard compact={mine !== undefined} onPick={pick} />
        {others.map((ring, index) => (
          <RingCard
            key={ring.story_id}
            ring={ring}
            onOpen={() => void open(rings.indexOf(ring))}
            opening={opening === ring.user_id}
            eager={index < EAGER_CARDS}
          />
        ))}
        {loading
          ? Array.from({ length: 5 }, (_, i) => (
              <li key={`s${i}`} aria-hidden="true">
                <span className="story-card story-card--skeleton" />
              </li>
            ))
          : null}
      </ul>

      {state === 'failed' ? (
        <LoadError
          message={t('stories.loadFailed')}
          retryLabel={t('stories.retry')}
          onRetry={() => void loadRings()}
        />
      ) : null}
      {state === 'ready' && others.length === 0 ? (
        <div className="stories-page__empty">
          {mine ? (
            <EmptyState
              icon="story"
              title={t('stories.empty.onlyMineTitle')}
              body={t('stories.empty.onlyMineBody')}
              testId="stories-empty"
            />
          ) : (
            <EmptyState
              icon="story"
              title={t('stories.empty.title')}
              body={t('stories.empty.body')}
              testId="stories-empty"
              action={
                <button type="button" className="btn btn-primary" onClick={pick}>
                  <Icon name="plus" size={18} strokeWidth={2.4} />
                  {t('stories.empty.cta')}
                </button>
              }
            />
          )}
        </div>
      ) : null}
      {!ended && state === 'ready' ? (
        <div ref={sentinel} className="list-sentinel" aria-hidden="true" />
      ) : null}
    </section>
  );
}
