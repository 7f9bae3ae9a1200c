// Settings → Notifications: push notifications on this device, on (subscribe, which may earn
// the push reward once per account) or off (the server forgets the subscription, then the
// browser). Where the browser cannot subscribe, it says why; on iOS in Safari and where
// Chromium offers installing, a row opens the add-to-home steps.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showBanner } from '../notify/banner';
import { AddToHome, useInstallPrompt } from './AddToHome';
import { currentOs, isStandalone } from './platform';
import {
  browserDevice,
  isSubscribed,
  subscribeDevice,
  unsubscribeDevice,
  type PushDevice,
  type PushError,
} from './subscribe';
import '../notify/SoundSwitch.css';
import './PushSwitch.css';

export function PushSwitch({ device = browserDevice }: { device?: PushDevice }) {
  const { t } = useTranslation();
  const id = useId();
  const [on, setOn] = useState<boolean | null>(null);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<PushError | null>(null);
  const [installing, setInstalling] = useState(false);
  const installEvent = useInstallPrompt();
  const os = currentOs();
  const canInstall = !isStandalone() && (os === 'ios' || installEvent !== null);

  useEffect(() => {
    let live = true;
    void isSubscribed(device).then((value) => {
      if (live) setOn(value);
    });
    return () => {
      live = false;
    };
  }, [device]);

  const denied = device.supported && device.permission() === 'denied';
  const hint = !device.supported
    ? t(os === 'ios' ? 'push.prompt.addToHome.body' : 'push.settings.unsupported')
    : denied
      ? t('push.settings.denied')
      : t('push.settings.hint');

  const toggle = async (next: boolean) => {
    setWorking(true);
    setError(null);
    if (next) {
      const outcome = await subscribeDevice(device, {
        title: t('push.notification.title'),
        message: t('push.done'),
      });
      if (outcome.kind === 'error') setError(outcome.error);
      else {
        setOn(true);
        if (!outcome.claimed) showBanner({ type: 'success', message: t('push.done') });
      }
    } else {
      const outcome = await unsubscribeDevice(device);
      if (outcome.ok) setOn(false);
      else setError('network');
    }
    setWorking(false);
  };

  return (
    <div className="push-switch">
      <div className="sound-switch">
        <div className="sound-switch__text">
          <label htmlFor={id} className="sound-switch__label">
            {t('push.settings.label')}
          </label>
          <p id={`${id}-hint`} className="muted sound-switch__hint">
            {hint}
          </p>
          {error && (
            <p className="sound-switch__hint push-switch__error" role="alert">
              {t(`push.errors.${error}`)}
            </p>
          )}
        </div>
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="sound-switch__input"
          checked={on === true}
          disabled={!device.supported || denied || on === null || working}
          aria-busy={working}
          onChange={(event) => void toggle(event.target.checked)}
          aria-describedby={`${id}-hint`}
          data-testid="settings-push"
        />
      </div>
      {canInstall && (
        <button
          type="button"
          className="sound-switch push-switch__install"
          onClick={() => setInstalling(true)}
          data-testid="settings-install"
        >
          <span className="sound-switch__text">
            <span className="sound-switch__label">{t('push.settings.install')}</span>
            <span className="muted sound-switch__hint">{t('push.settings.installHint')}</span>
          </span>
          <img
            src="/icons/icon-192.png"
            alt=""
            width="36"
            height="36"
            className="push-switch__icon"
          />
        </button>
      )}
      {installing && <AddToHome os={os} onClose={() => setInstalling(false)} />}
    </div>
  );
}
