// Draws the in-app notification banner (spec §2): at the top of the screen for 3 s (paused while
// hovered, focused or dragged), dismissed by a swipe up of more than 50 px or the close button;
// a click runs the banner's callback and closes it. Mounted once, by RootLayout.
import {
  useEffect,
  useRef,
  useState,
  type MouseEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../shell/Avatar';
import { CoinIcon, FreeSpinIcon, Icon } from '../shell/icons';
import { dismissBanner, useNotifyStore, type Banner } from './banner';
import { bannerIcon, dragOffset, isSwipeDismiss, TAP_SLOP_PX } from './rules';
import './BannerHost.css';

export function BannerHost() {
  const banner = useNotifyStore((s) => s.banner);
  return (
    // A live region without role="status", so that it never competes with a screen's own status
    // (loaders) for that role.
    <div className="banner-region" aria-live="polite" data-testid="banner-region">
      {banner && <BannerView key={banner.id} banner={banner} />}
    </div>
  );
}

function BannerIcon({ banner }: { banner: Banner }) {
  switch (bannerIcon(banner.type)) {
    case 'coin':
      return <CoinIcon size={40} />;
    case 'freespin':
      return <FreeSpinIcon size={40} />;
    case 'error':
      return (
        <span className="banner__badge banner__badge--error">
          <Icon name="cancel" size={28} strokeWidth={2} />
        </span>
      );
    case 'success':
      return (
        <span className="banner__badge banner__badge--success">
          <Icon name="checkCircle" size={28} strokeWidth={2} />
        </span>
      );
    case 'photo':
      return <Avatar src={banner.photo} size={40} />;
  }
}

/** The sender (or other title) on its own line, then the message, each isolated so a Hebrew name
 *  before an English preview (or the reverse) keeps its own direction. */
function BannerText({ banner }: { banner: Banner }) {
  if (banner.title === null) return banner.message;
  return (
    <>
      <bdi className="banner__title" data-testid="banner-title">
        {banner.title}
      </bdi>
      <bdi className="banner__message" dir="auto" data-testid="banner-message">
        {banner.message}
      </bdi>
    </>
  );
}

/** Where a press started, while the pointer is down. */
interface Press {
  pointerId: number;
  y: number;
}

function BannerView({ banner }: { banner: Banner }) {
  const { t } = useTranslation();
  const [dy, setDy] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const press = useRef<Press | null>(null);
  /** The last press was a drag, so the click that may follow it is not a tap. */
  const dragged = useRef(false);

  const paused = hovered || focused || dragging;
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissBanner(banner.id), banner.durationMs);
    return () => clearTimeout(timer);
  }, [banner.id, banner.durationMs, paused]);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    press.current = { pointerId: event.pointerId, y: event.clientY };
    dragged.current = false;
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const start = press.current;
    if (!start || start.pointerId !== event.pointerId) return;
    const travel = event.clientY - start.y;
    if (!dragged.current) {
      if (Math.abs(travel) < TAP_SLOP_PX) return;
      dragged.current = true;
      setDragging(true);
      // Captured only once it is a drag, so that a tap still reaches the close button.
      try {
        event.currentTarget.setPointerCapture(event.pointerId);
      } catch {
        // The pointer is already gone.
      }
    }
    setDy(travel);
  };

  const endPress = (event: ReactPointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const start = press.current;
    if (!start || start.pointerId !== event.pointerId) return;
    press.current = null;
    if (!dragged.current) return;
    setDragging(false);
    if (!cancelled && isSwipeDismiss(event.clientY - start.y)) dismissBanner(banner.id);
    else setDy(0);
  };

  const activate = () => {
    if (dragged.current) {
      dragged.current = false;
      return;
    }
    dismissBanner(banner.id);
    banner.onClick?.();
  };

  const close = (event: MouseEvent<HTMLButtonElement>) => {
    event.stopPropagation();
    dismissBanner(banner.id);
  };

  const offset = dragOffset(dy);
  const classes = [
    'banner',
    `banner--${banner.type}`,
    banner.onClick ? 'banner--clickable' : '',
    dragging ? 'is-dragging' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      className={classes}
      data-testid="people-notice"
      data-banner-type={banner.type}
      style={
        offset === 0
          ? undefined
          : { translate: `0 ${offset}px`, opacity: Math.max(0.35, 1 + offset / 120) }
      }
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => endPress(event, false)}
      onPointerCancel={(event) => endPress(event, true)}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setHovered(true);
      }}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      onClick={activate}
    >
      <span className="banner__icon" aria-hidden="true">
        <BannerIcon banner={banner} />
      </span>
      {banner.onClick ? (
        <button type="button" className="banner__text banner__action">
          <BannerText banner={banner} />
        </button>
      ) : (
        <span className="banner__text">
          <BannerText banner={banner} />
        </span>
      )}
      <button
        type="button"
        className="banner__close"
        onClick={close}
        aria-label={t('notify.banner.dismiss')}
        data-testid="banner-close"
      >
        <Icon name="close" size={18} strokeWidth={2} />
      </button>
    </div>
  );
}
