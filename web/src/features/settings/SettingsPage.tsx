import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchGender, User } from '../../realtime/protocol';
import { AgeRangeSlider } from '../auth/AgeRangeSlider';
import { ChoiceGroup } from '../auth/ChoiceGroup';
import type { Choice } from '../auth/ChoiceGroup';
import type { MessageKey } from '../auth/errors';
import { PlaceSearch } from '../auth/PlaceSearch';
import { BlockedList } from '../lists/BlockedList';
import { usePeopleStore } from '../people/store';
import { RadiusSlider } from '../auth/RadiusSlider';
import { LanguagePicker, useAppStore, useLogout } from '../auth/shell';
import { updateUser } from './api';
import { discoveryChanges, discoveryFromUser, isDirty } from './discovery';
import type { Discovery } from './discovery';
import './SettingsPage.css';
import { SettingsSection } from './SettingsSection';
import { SoundSwitch } from '../notify/SoundSwitch';
import { PushSwitch } from '../push/PushSwitch';
import { openCreditsHistory } from '../money/store';
import { formatDate, formatNumber } from '../../app/format';
import { Icon } from '../../ui/icons';
import { InviteFriends } from './InviteFriends';
import { YourData } from './YourData';

/** /settings. The router only mounts it for a signed-in user. */
export default function SettingsPage() {
  const user = useAppStore((s) => s.user);
  const { t } = useTranslation();
  if (!user) {
    return (
      <div className="settings" aria-busy="true">
        <p className="muted">{t('settings.loading')}</p>
      </div>
    );
  }
  // A different account means a different baseline: remount rather than reconcile.
  return <SettingsView key={user.id} user={user} />;
}

type SaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | ({ kind: 'error' } & MessageKey);

function SettingsView({ user }: { user: User }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  // The baseline is what the server holds; it moves forward with every confirmed update.
  const [saved, setSaved] = useState<Discovery>(() => discoveryFromUser(user));
  const [form, setForm] = useState<Discovery>(saved);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const { logOut, pending: loggingOut } = useLogout();

  const dirty = isDirty(saved, form, language);
  const saving = state.kind === 'saving';

  function edit(patch: Partial<Discovery>) {
    setForm((current) => ({ ...current, ...patch }));
    if (state.kind !== 'saving') setState({ kind: 'idle' });
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!dirty || saving) return;
    if (form.place === null) {
      setState({ kind: 'error', key: 'errors.invalid_place' });
      return;
    }
    setState({ kind: 'saving' });
    const updates = discoveryChanges(saved, form, language);
    let baseline = saved;
    for (const update of updates) {
      const outcome = await updateUser(update);
      if (outcome.kind === 'refused') {
        setState({ kind: 'error', key: `errors.${outcome.code ?? 'internal_error'}` });
        return;
      }
      if (outcome.kind === 'network') {
        setState({ kind: 'error', key: 'errors.network' });
        return;
      }
      if (outcome.user) useAppStore.getState().setUser(outcome.user);
      // Keys saved before a later one fails stay saved; only the rest remains dirty.
      baseline = { ...baseline, ...pick(form, update.key) };
      setSaved(baseline);
      // Spec §4: a changed search preference clears cards, meet and popular, which reload.
      // Every key of this form is a search preference.
      usePeopleStore.getState().resetDiscovery();
    }
    setState({ kind: 'saved' });
  }

  const genderChoices: Choice<SearchGender>[] = [
    { value: 1, label: t('settings.discovery.men'), icon: '♂', testId: 'settings-gender-men' },
    { value: 2, label: t('settings.discovery.women'), icon: '♀', testId: 'settings-gender-women' },
  ];

  return (
    <div className="settings" data-testid="settings-page">
      <h1 className="settings-title">{t('settings.title')}</h1>

      <form
        className="settings-section card"
        onSubmit={save}
        noValidate
        data-testid="settings-discovery"
      >
        <h2 className="settings-section-title">{t('settings.discovery.title')}</h2>
        <p className="muted settings-section-lead">{t('settings.discovery.lead')}</p>

        <div className="settings-field">
          <span className="field-label" aria-hidden="true">
            {t('settings.discovery.gender')}
          </span>
          <ChoiceGroup
            name="settings-s_gender"
            legend={t('settings.discovery.gender')}
            choices={genderChoices}
            value={form.sGender}
            onChange={(sGender) => edit({ sGender })}
            columns={2}
          />
        </div>

        <div className="settings-field">
          <AgeRangeSlider
            id="settings-age"
            value={form.ageRange}
            onChange={(ageRange) => edit({ ageRange })}
            testId="settings-age"
          />
        </div>

        <div className="settings-field">
          <RadiusSlider
            id="settings-radius"
            value={form.radius}
            onChange={(radius) => edit({ radius })}
            testId="settings-radius"
          />
        </div>

        <PlaceSearch
          id="settings-place"
          label={t('settings.discovery.location')}
          value={form.place}
          onChange={(place) => edit({ place })}
          language={language}
          testId="settings-place"
        />

        <div className="settings-save-row">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={!dirty || saving}
            aria-busy={saving}
            data-testid="settings-save"
          >
            {saving ? t('settings.saving') : t('settings.save')}
          </button>
          {state.kind === 'saved' ? (
            <p
              className="settings-status settings-status-ok"
              role="status"
              data-testid="settings-saved"
            >
              {t('settings.saved')}
            </p>
          ) : null}
          {state.kind === 'error' ? (
            <p className="settings-status field-error" role="alert" data-testid="settings-error">
              {t(state.key, state.params)}
            </p>
          ) : null}
        </div>
      </form>

      <SettingsSection name="language" title={t('settings.language.title')}>
        <p className="muted settings-section-lead">{t('settings.language.lead')}</p>
        <div data-testid="settings-language">
          <LanguagePicker />
        </div>
      </SettingsSection>

      <SettingsSection name="money" title={t('settings.money.title')}>
        <p className="muted settings-section-lead" data-testid="settings-balance">
          {t('money.credits.balance', { amount: formatNumber(user.credits, language) })}
          {user.premium === 1 && user.premium_until ? (
            <>
              <br />
              <span data-testid="settings-premium-until">
                {t('money.premium.until', { date: formatDate(user.premium_until, language) })}
              </span>
            </>
          ) : null}
        </p>
        <div className="settings-money-actions">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={openCreditsHistory}
            data-testid="settings-history"
          >
            <Icon name="clock" size={18} strokeWidth={2} />
            {t('money.history.open')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => useAppStore.getState().setCreditsModalOpen(true)}
          >
            {t('settings.money.getCredits')}
          </button>
        </div>
      </SettingsSection>

      <InviteFriends />

      <SettingsSection name="notifications" title={t('settings.notifications.title')}>
        <SoundSwitch />
        <PushSwitch />
      </SettingsSection>

      <SettingsSection name="blocked" title={t('settings.blocked.title')}>
        <BlockedList />
      </SettingsSection>

      <YourData />

      <SettingsSection
        name="account"
        title={t('settings.account.title')}
        className="settings-account"
      >
        <button
          type="button"
          className="btn btn-secondary"
          onClick={logOut}
          disabled={loggingOut}
          data-testid="settings-logout"
        >
          {t('settings.account.logout')}
        </button>
      </SettingsSection>
    </div>
  );
}

function pick(form: Discovery, key: string): Partial<Discovery> {
  switch (key) {
    case 's_gender':
      return { sGender: form.sGender };
    case 's_age':
      return { ageRange: form.ageRange };
    case 's_radious':
      return { radius: form.radius };
    case 'place_id':
      return { place: form.place };
    default:
      return {};
  }
}
