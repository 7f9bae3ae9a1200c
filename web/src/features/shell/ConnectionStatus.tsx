// The connection as the member sees it (app store `connection`, fed by the socket in
// app/session.ts): offline, reconnecting after a loss, and a short "back online" when it returns.
// App-wide it is a pill at the top of the screen; in a chat it is a strip above the composer
// (the pill would cover the chat header), so the pill steps aside while a chat is open.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/store';
import { useNotifyStore } from '../notify/banner';
import { Icon } from './icons';
import './ConnectionStatus.css';

/** A loss shorter than this (a quick socket swap) is not worth a banner. */
const RECONNECTING_GRACE_MS = 1000;
const BACK_ONLINE_MS = 2500;

type Shown = 'offline' | 'reconnecting' | 'back' | null;

/** What to show now: offline at once, reconnecting after a grace period, then "back" a moment. */
function useShownConnection(): Shown {
  const connection = useAppStore((s) => s.connection);
  const [shown, setShown] = useState<Shown>(null);
  const wasDown = useRef(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const later = (next: Shown, ms: number) => {
      timer = setTimeout(() => setShown(next), ms);
    };
    if (connection === 'offline') {
      wasDown.current = true;
      later('offline', 0);
    } else if (connection === 'reconnecting') {
      // Straight after being offline there is nothing to wait for: the member knows.
      const grace = wasDown.current ? 0 : RECONNECTING_GRACE_MS;
      timer = setTimeout(() => {
        wasDown.current = true;
        setShown('reconnecting');
      }, grace);
    } else if (wasDown.current) {
      wasDown.current = false;
      later('back', 0);
      const hide = setTimeout(() => setShown(null), BACK_ONLINE_MS);
      return () => {
        if (timer !== null) clearTimeout(timer);
        clearTimeout(hide);
      };
    } else {
      later(null, 0);
    }
    return () => {
      if (timer !== null) clearTimeout(timer);
    };
  }, [connection]);

  return shown;
}

function Content({ shown, inChat }: { shown: Exclude<Shown, null>; inChat: boolean }) {
  const { t } = useTranslation();
  if (shown === 'back') {
    return (
      <>
        <Icon name="checkCircle" size={18} strokeWidth={2.2} />
        <span>{t('common.connection.back')}</span>
      </>
    );
  }
  const body =
    shown === 'offline'
      ? t(inChat ? 'common.connection.offlineChat' : 'common.connection.offlineBody')
      : null;
  return (
    <>
      {shown === 'offline' ? (
        <Icon name="wifiOff" size={18} strokeWidth={2.2} />
      ) : (
        <span className="connection-status__spinner" aria-hidden="true" />
      )}
      <span className="connection-status__text">
        <strong>{t(`common.connection.${shown}`)}</strong>
        {body ? <span className="connection-status__body">{body}</span> : null}
      </span>
    </>
  );
}

/** Mounted once by RootLayout: the pill at the top of the screen. */
export function ConnectionBanner() {
  const shown = useShownConnection();
  const chatOpen = useNotifyStore((s) => s.chatPartnerId !== null);
  return (
    // A live region without role="status", like the banner's, so that it never competes with a
    // screen's own status (loaders) for that role.
    <div className="connection-region" aria-live="polite" data-testid="connection-region">
      {shown && !chatOpen ? (
        <p
          className={`connection-status connection-status--pill is-${shown}`}
          data-testid="connection-status"
          data-state={shown}
        >
          <Content shown={shown} inChat={false} />
        </p>
      ) : null}
    </div>
  );
}

/** In the chat pane, between the messages and the composer. */
export function ChatConnectionNotice() {
  const shown = useShownConnection();
  if (!shown) return null;
  return (
    <p
      className={`connection-status connection-status--strip is-${shown}`}
      role="status"
      data-testid="connection-status"
      data-state={shown}
    >
      <Content shown={shown} inChat />
    </p>
  );
}

/** Whether presence (online dots, "Online") can be believed: only over a live connection. */
export function usePresenceKnown(): boolean {
  return useAppStore((s) => s.connection === 'live');
}
