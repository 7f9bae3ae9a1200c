// The add-to-home overlay (spec §2): on iOS the three steps in Safari (Share, Add to Home
// Screen, open it from there); on Android and other Chromium browsers the browser's own install
// dialog from the `beforeinstallprompt` event that boot.ts kept.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/Modal';
import { AddSquareGlyph, ShareGlyph } from './art';
import { installPromptEvent, onInstallPromptChange, setInstallPromptEvent } from './boot';
import type { DeviceOs } from './platform';
import './PushPrompts.css';

export function useInstallPrompt() {
  return useSyncExternalStore(onInstallPromptChange, installPromptEvent, () => null);
}

export function AddToHome({ os, onClose }: { os: DeviceOs; onClose: () => void }) {
  const { t } = useTranslation();
  const installEvent = useInstallPrompt();
  const install = async () => {
    if (!installEvent) return;
    await installEvent.prompt();
    // The event can be used once, whatever the member chose.
    setInstallPromptEvent(null);
    onClose();
  };
  return (
    <Modal
      open
      onClose={onClose}
      labelledBy="add-to-home-title"
      closeLabel={t('push.prompt.close')}
      className="push-prompt"
    >
      <div className="push-prompt__art" aria-hidden="true">
        <img
          className="push-prompt__app-icon"
          src="/icons/icon-192.png"
          alt=""
          width="88"
          height="88"
        />
      </div>
      <h2 id="add-to-home-title" className="push-prompt__title">
        {t('push.install.title')}
      </h2>
      <p className="muted push-prompt__body">{t('push.install.body')}</p>
      {os === 'ios' || !installEvent ? (
        <>
          <p className="push-prompt__steps-intro">{t('push.install.iosSteps')}</p>
          <ol className="push-steps" data-testid="add-to-home-steps">
            <li className="push-steps__step">
              <span className="push-steps__glyph">
                <ShareGlyph />
              </span>
              <span>{t('push.install.iosShare')}</span>
            </li>
            <li className="push-steps__step">
              <span className="push-steps__glyph">
                <AddSquareGlyph />
              </span>
              <span>{t('push.install.iosAdd')}</span>
            </li>
            <li className="push-steps__step">
              <img
                className="push-steps__glyph push-steps__glyph--icon"
                src="/icons/icon-192.png"
                alt=""
                width="34"
                height="34"
              />
              <span>{t('push.install.iosOpen')}</span>
            </li>
          </ol>
          <button type="button" className="btn btn-primary btn-block" onClick={onClose}>
            {t('push.install.done')}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => void install()}
          data-testid="add-to-home-install"
        >
          {t('push.install.install')}
        </button>
      )}
    </Modal>
  );
}
