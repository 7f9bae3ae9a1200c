// "Notification sounds" on or off (the ch_notif cookie, 365 days). Meant for the notifications
// part of the settings screen; turning it on plays a sample, which the click allows.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { playSound, setSoundsEnabled, soundsEnabled } from './sounds';
import './SoundSwitch.css';

export function SoundSwitch() {
  const { t } = useTranslation();
  const id = useId();
  const [on, setOn] = useState(soundsEnabled);
  const toggle = (next: boolean) => {
    setSoundsEnabled(next);
    setOn(next);
    if (next) playSound('message');
  };
  return (
    <div className="sound-switch">
      <div className="sound-switch__text">
        <label htmlFor={id} className="sound-switch__label">
          {t('notify.sounds.label')}
        </label>
        <p id={`${id}-hint`} className="muted sound-switch__hint">
          {t('notify.sounds.hint')}
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="sound-switch__input"
        checked={on}
        onChange={(event) => toggle(event.target.checked)}
        aria-describedby={`${id}-hint`}
        data-testid="settings-sounds"
      />
    </div>
  );
}
