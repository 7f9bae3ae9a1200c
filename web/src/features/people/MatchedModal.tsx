// "It's a match!" (spec §2 matched modal) and the like-limit upsell. What opens them, `match`
// events (a virtual profile may like back later), and presence are heard by useMatchWatch.
import { useId, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppStore } from '../../app/store';
import { openSubscriptions } from '../premium/store';
import { photoOf } from '../shell/avatar';
import { Icon } from '../../ui/icons';
import { Dialog } from '../../ui/Dialog';
import { useLikeLimit, useMatchModal } from './overlays';
import { PersonPhoto } from './PersonBadges';
import { useProfileModal } from './store';
import { useMatchWatch } from './useMatchWatch';
import './people.css';

export { showMatch } from './overlays';

const HEARTS = 10;

function MatchedModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const person = useMatchModal((s) => s.person);
  const close = useMatchModal((s) => s.close);
  const me = useAppStore((s) => s.user);
  if (!person) return null;

  const sendMessage = () => {
    // The chat is what comes next: no profile stays open over it (a match from the profile's
    // like button opens this modal on top of that profile).
    close();
    useProfileModal.getState().close();
    void navigate(`/chat/${person.id}`);
  };

  return (
    <Dialog onClose={close} labelledBy={titleId} className="matched-modal" testId="matched-modal">
      <div className="matched-modal__hearts" aria-hidden="true">
        {Array.from({ length: HEARTS }, (_, i) => (
          <span
            key={i}
            className="matched-modal__heart"
            style={{ '--i': i, '--s': `${14 + ((i * 7) % 5) * 5}px` } as CSSProperties}
          >
            ♥
          </span>
        ))}
      </div>
      <p className="matched-modal__eyebrow">{t('people.match.eyebrow')}</p>
      <h2 id={titleId} className="matched-modal__title">
        {t('people.match.title')}
      </h2>
      <div className="matched-modal__pair">
        <span className="matched-modal__avatar matched-modal__avatar--me">
          <PersonPhoto
            person={{ id: me?.id ?? 0, name: me?.name ?? t('people.match.you') }}
            src={photoOf(me)}
            alt={t('people.match.you')}
            eager
          />
        </span>
        <span className="matched-modal__badge" aria-hidden="true">
          <Icon name="heart" size={26} strokeWidth={2.2} />
        </span>
        <span className="matched-modal__avatar matched-modal__avatar--them">
          <PersonPhoto person={person} src={person.photo} alt={person.name} eager />
        </span>
      </div>
      <p className="matched-modal__body">{t('people.match.body', { name: person.name })}</p>
      <div className="matched-modal__actions">
        <button
          type="button"
          className="btn matched-modal__send"
          onClick={sendMessage}
          data-testid="matched-send-message"
        >
          <Icon name="chat" size={20} />
          {t('people.match.send')}
        </button>
        <button
          type="button"
          className="btn matched-modal__keep"
          onClick={close}
          data-testid="matched-keep-swiping"
        >
          {t('people.match.keep')}
        </button>
      </div>
    </Dialog>
  );
}

function relativeHours(seconds: number, language: string): string {
  const hours = Math.max(1, Math.round(seconds / 3600));
  return new Intl.RelativeTimeFormat(language, { numeric: 'always' }).format(hours, 'hour');
}

/** "You've used today's likes": a sheet with the way out (premium) and the wait. */
function LikeLimitSheet() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const open = useLikeLimit((s) => s.open);
  const resetsIn = useLikeLimit((s) => s.resetsIn);
  const close = useLikeLimit((s) => s.close);
  if (!open) return null;
  const perks = ['perkUnlimited', 'perkFans', 'perkVisitors'] as const;
  return (
    <Dialog onClose={close} labelledBy={titleId} className="limit-sheet" testId="like-limit-upsell">
      <span className="limit-sheet__art" aria-hidden="true">
        <Icon name="heart" size={34} strokeWidth={2} />
      </span>
      <h2 id={titleId} className="limit-sheet__title">
        {t('people.likeLimit.title')}
      </h2>
      <p className="limit-sheet__body">{t('people.likeLimit.body')}</p>
      {resetsIn !== null && resetsIn > 0 && (
        <p className="pill limit-sheet__resets">
          {t('people.likeLimit.resets', { when: relativeHours(resetsIn, i18n.language) })}
        </p>
      )}
      <ul className="limit-sheet__perks">
        {perks.map((perk) => (
          <li key={perk}>
            <Icon name="sparkle" size={18} />
            {t(`people.likeLimit.${perk}`)}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn btn-primary btn-block"
        onClick={() => {
          close();
          openSubscriptions();
        }}
        data-testid="like-limit-premium"
      >
        {t('people.likeLimit.cta')}
      </button>
      <button type="button" className="btn btn-ghost btn-block" onClick={close}>
        {t('people.likeLimit.later')}
      </button>
    </Dialog>
  );
}

/** The matched modal and the like-limit upsell, each shown while its store says so. */
export function MatchedModals() {
  return (
    <>
      <MatchedModal />
      <LikeLimitSheet />
    </>
  );
}

/** The modals with what opens them, in one piece (the frame mounts the two apart, so that the
 *  modals' chunk loads only when one opens: app/layouts/FrameHosts.tsx). */
export function MatchedModalHost() {
  useMatchWatch();
  return <MatchedModals />;
}
