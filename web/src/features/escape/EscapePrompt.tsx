// The in-app browser prompt of spec §2 (docs/decisions/0014-in-app-browser-escape.md): on Android
// the page tries Chrome by itself after 100 ms in Facebook's browser and 1,500 ms in the others,
// at most once a minute; the prompt stays with "later" and "open". Facebook's browser gets its own
// words (Hebrew on a Hebrew page), the others "Open in External Browser". iOS has no intent: the
// button tries Safari's own scheme and copies the page's link, beside the steps to do it by hand.
// Loaded lazily by EscapeGate.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/store';
import { Modal } from '../../ui/Modal';
import { requestEscapeToken } from './api';
import type { BrowserDetection } from './detect';
import { navigateAway, openInBrowser } from './open';
import { browserGuardStore, promptKind, scheduleAutoEscape } from './plan';
import './EscapePrompt.css';

const LATER_KEY = 'kesher.escape.later';

function laterChosen(): boolean {
  try {
    return sessionStorage.getItem(LATER_KEY) === '1';
  } catch {
    return false;
  }
}

function chooseLater(): void {
  try {
    sessionStorage.setItem(LATER_KEY, '1');
  } catch {
    // storage blocked: the prompt closes for this page only
  }
}

export default function EscapePrompt({ detection }: { detection: BrowserDetection }) {
  const { t } = useTranslation();
  const authChecked = useAppStore((s) => s.authChecked);
  // A new member's reward modal comes first (it shows once); the prompt follows when it closes.
  // The automatic attempt on Android does not wait for it.
  const rewardOpen = useAppStore((s) => s.freeCreditsClaimed !== null);
  const [open, setOpen] = useState(() => !laterChosen());
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const cancelAuto = useRef<() => void>(() => undefined);
  const kind = promptKind(detection) ?? 'external';
  const ios = detection.os === 'ios';

  const escape = async () => {
    setBusy(true);
    try {
      await openInBrowser({
        detection,
        member: useAppStore.getState().authenticated,
        location: window.location,
        requestToken: requestEscapeToken,
        navigate: navigateAway,
      });
    } finally {
      setBusy(false);
    }
  };

  // The automatic attempt waits until the socket has said whether this is a member (a token) or
  // a guest (the page itself).
  useEffect(() => {
    if (!authChecked) return;
    const cancel = scheduleAutoEscape({
      detection,
      guard: browserGuardStore(),
      now: Date.now,
      fire: () => void escape(),
    });
    cancelAuto.current = cancel;
    return cancel;
    // escape reads the store when it runs; the attempt is planned once per page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [authChecked, detection]);

  if (!open || rewardOpen) return null;

  const later = () => {
    cancelAuto.current();
    chooseLater();
    setOpen(false);
  };
  const openNow = () => {
    cancelAuto.current();
    browserGuardStore().write(Date.now());
    if (ios) {
      // Within the tap, before any wait: the clipboard needs the gesture. The page's own link,
      // not the one-time one, so that it still works after a minute.
      const link = window.location.origin + window.location.pathname + window.location.search;
      void navigator.clipboard?.writeText(link).then(
        () => setCopied(true),
        () => undefined,
      );
    }
    void escape();
  };

  const words = `escape.${kind}`;
  return (
    <Modal
      open
      onClose={later}
      labelledBy="escape-prompt-title"
      closeLabel={t(`${words}.later`)}
      className="escape-prompt"
    >
      <div data-testid={`escape-prompt-${kind}`} data-os={detection.os}>
        <div className="escape-prompt__art" aria-hidden="true">
          <svg viewBox="0 0 64 64" width="64" height="64">
            <rect x="8" y="14" width="40" height="40" rx="10" fill="currentColor" opacity="0.15" />
            <path
              d="M30 10h24v24M54 10 28 36"
              fill="none"
              stroke="currentColor"
              strokeWidth="5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </div>
        <h2 id="escape-prompt-title" className="escape-prompt__title">
          {t(`${words}.title`)}
        </h2>
        <p className="muted escape-prompt__body">{t(`${words}.body`)}</p>
        {ios && <p className="escape-prompt__steps">{t('escape.ios.steps')}</p>}
        {copied && (
          <p className="escape-prompt__copied" role="status">
            {t('escape.ios.copied')}
          </p>
        )}
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={openNow}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? t('escape.opening') : t(ios ? `${words}.openIos` : `${words}.open`)}
        </button>
        <button type="button" className="btn-dismiss" onClick={later}>
          {t(`${words}.later`)}
        </button>
      </div>
    </Modal>
  );
}
