// Settings, "Invite friends" (docs/protocol.md "Referrals"): the member's referral link, with a
// copy button and, where the browser has the Web Share API, a share button.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';
import type { ReferralInfo } from '../../realtime/protocol';
import { useAppStore } from '../auth/shell';
import { Icon } from '../../ui/icons';
import { loadReferral } from './api';
import { SettingsSection } from './SettingsSection';
import './InviteFriends.css';

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; info: ReferralInfo };
type CopyState = 'idle' | 'copied' | 'failed';

/** The link as a visitor opens it: the app's own origin and the member's path. */
export function referralLink(info: ReferralInfo, origin: string): string {
  return `${origin}${info.path}`;
}

export function InviteFriends() {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [copy, setCopy] = useState<CopyState>('idle');
  const input = useRef<HTMLInputElement>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function fetchInfo() {
    setLoad({ kind: 'loading' });
    const outcome = await loadReferral();
    setLoad(outcome.kind === 'ok' ? { kind: 'ready', info: outcome.info } : { kind: 'failed' });
  }

  useEffect(() => {
    let live = true;
    void loadReferral().then((outcome) => {
      if (!live) return;
      setLoad(outcome.kind === 'ok' ? { kind: 'ready', info: outcome.info } : { kind: 'failed' });
    });
    return () => {
      live = false;
    };
  }, []);

  const link = load.kind === 'ready' ? referralLink(load.info, window.location.origin) : '';

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the link is selected instead.
      input.current?.select();
      setCopy('failed');
    }
  }

  async function shareLink() {
    try {
      await navigator.share({
        title: t('settings.invite.shareTitle'),
        text: t('settings.invite.shareText'),
        url: link,
      });
    } catch {
      // Cancelled by the member, or refused by the browser: nothing to tell.
    }
  }

  return (
    <SettingsSection
      name="invite"
      title={t('settings.invite.title')}
      className="settings-invite"
      testId="settings-invite"
    >
      {load.kind === 'loading' ? (
        <p className="muted settings-section-lead" aria-busy="true">
          {t('settings.invite.loading')}
        </p>
      ) : null}
      {load.kind === 'failed' ? (
        <div className="settings-invite-failed" role="alert">
          <p className="muted">{t('settings.invite.error')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void fetchInfo()}>
            {t('settings.invite.retry')}
          </button>
        </div>
      ) : null}
      {load.kind === 'ready' ? (
        <>
          <p className="muted settings-section-lead" data-testid="settings-invite-lead">
            {load.info.reward > 0
              ? t('settings.invite.lead', {
                  credits: formatNumber(load.info.reward, language),
                })
              : t('settings.invite.leadNoReward')}
          </p>
          <label className="field-label" htmlFor="settings-invite-link">
            {t('settings.invite.linkLabel')}
          </label>
          <input
            ref={input}
            id="settings-invite-link"
            className="input settings-invite-link"
            dir="ltr"
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="settings-invite-link"
          />
          <div className="settings-invite-actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void copyLink()}
              data-testid="settings-invite-copy"
            >
              {copy === 'copied' ? <Icon name="check" size={18} strokeWidth={2} /> : null}
              {copy === 'copied' ? t('settings.invite.copied') : t('settings.invite.copy')}
            </button>
            {canShare ? (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => void shareLink()}
                data-testid="settings-invite-share"
              >
                <Icon name="send" size={18} strokeWidth={2} />
                {t('settings.invite.share')}
              </button>
            ) : null}
          </div>
          <p className="settings-status" role="status" data-testid="settings-invite-status">
            {copy === 'copied' ? t('settings.invite.copiedStatus') : null}
            {copy === 'failed' ? t('settings.invite.copyFailed') : null}
          </p>
          {load.info.referred > 0 ? (
            <p className="muted settings-invite-count" data-testid="settings-invite-count">
              {t('settings.invite.referred', {
                count: load.info.referred,
                formatted: formatNumber(load.info.referred, language),
              })}
            </p>
          ) : null}
        </>
      ) : null}
    </SettingsSection>
  );
}
