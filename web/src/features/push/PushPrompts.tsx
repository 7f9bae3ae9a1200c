// The request-permission prompt of spec §2, in its two variants (promptRules.ts decides which,
// if any): "turn on notifications" subscribes this device and earns the push reward; "add to
// home screen" (iOS in Safari, where web push needs the installed app) opens the steps. "Later"
// sets the push-skip cookie for a day. Loaded lazily by PushPromptGate.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PUSH_CREDITS } from '../../app/constants';
import { useAppStore } from '../../app/store';
import { Modal } from '../../ui/Modal';
import { CoinIcon } from '../../ui/icons';
import { showBanner } from '../notify/banner';
import { AddToHome } from './AddToHome';
import { BellArt } from './art';
import { currentOs, isPushSkipped, isStandalone, skipPush } from './platform';
import { pushPrompt } from './promptRules';
import {
  browserDevice,
  isSubscribed,
  subscribeDevice,
  type PushDevice,
  type PushError,
} from './subscribe';
import './PushPrompts.css';

export default function PushPrompts({ device = browserDevice }: { device?: PushDevice }) {
  const { t } = useTranslation();
  const credits = useAppStore((s) => s.user?.credits ?? null);
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [skipped, setSkipped] = useState(isPushSkipped);
  const [installing, setInstalling] = useState(false);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<PushError | null>(null);
  const os = currentOs();

  useEffect(() => {
    let live = true;
    void isSubscribed(device).then((value) => {
      if (live) setSubscribed(value);
    });
    return () => {
      live = false;
    };
  }, [device]);

  const rule = pushPrompt({
    credits,
    os,
    standalone: isStandalone(),
    subscribed,
    skipped,
    permission: device.supported ? device.permission() : 'unsupported',
    pushSupported: device.supported,
  });

  // A refusal in the browser's own dialog ends the rule (permission denied); the prompt stays to
  // say so until the member closes it.
  const variant = rule ?? (error ? 'subscribe' : null);

  if (installing) return <AddToHome os={os} onClose={() => setInstalling(false)} />;
  if (variant === null) return null;

  const later = () => {
    skipPush();
    setSkipped(true);
    setError(null);
  };
  const subscribe = async () => {
    setWorking(true);
    setError(null);
    const outcome = await subscribeDevice(device, {
      title: t('push.notification.title'),
      message: t('push.done'),
    });
    setWorking(false);
    if (outcome.kind === 'error') {
      setError(outcome.error);
      return;
    }
    setSubscribed(true);
    // The reward modal follows from the socket's claim_free_credits when it is the first time.
    if (!outcome.claimed) showBanner({ type: 'success', message: t('push.done') });
  };
  const words = variant === 'subscribe' ? 'push.prompt.subscribe' : 'push.prompt.addToHome';

  return (
    <Modal
      open
      onClose={later}
      labelledBy="push-prompt-title"
      closeLabel={t('push.prompt.close')}
      className="push-prompt"
    >
      <div data-testid={`push-prompt-${variant}`}>
        <div className="push-prompt__art" aria-hidden="true">
          <span className="push-prompt__glow" />
          <BellArt />
        </div>
        <p className="pill push-prompt__eyebrow">{t(`${words}.eyebrow`)}</p>
        <h2 id="push-prompt-title" className="push-prompt__title">
          {t(`${words}.title`)}
        </h2>
        <p className="muted push-prompt__body">{t(`${words}.body`)}</p>
        <p className="push-prompt__reward">
          <CoinIcon size={22} />
          <span>{t('push.prompt.reward', { count: PUSH_CREDITS })}</span>
        </p>
        {error && (
          <p className="push-prompt__error" role="alert">
            {t(`push.errors.${error}`)}
          </p>
        )}
        {variant === 'subscribe' ? (
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() => void subscribe()}
            disabled={working}
            aria-busy={working}
          >
            {working ? t('push.prompt.subscribe.working') : t('push.prompt.subscribe.cta')}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() => setInstalling(true)}
          >
            {t('push.prompt.addToHome.cta')}
          </button>
        )}
        <button type="button" className="btn-dismiss" onClick={later}>
          {t('push.prompt.later')}
        </button>
        {variant === 'subscribe' && (
          <p className="push-prompt__privacy">{t('push.prompt.subscribe.privacy')}</p>
        )}
      </div>
    </Modal>
  );
}
