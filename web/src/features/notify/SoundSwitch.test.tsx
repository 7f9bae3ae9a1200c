import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTestLanguage } from '../auth/testUtils';
import { useNotifyStore } from './banner';
import { resetSoundPlayers } from './sounds';
import { SoundSwitch } from './SoundSwitch';

const play = vi.fn(() => Promise.resolve());

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  play.mockClear();
  vi.stubGlobal(
    'Audio',
    class {
      volume = 1;
      currentTime = 0;
      preload = '';
      play = play;
    },
  );
  resetSoundPlayers();
  useNotifyStore.setState({ banner: null, chatPartnerId: null, muted: false });
  document.cookie = 'ch_notif=; Path=/; Max-Age=0';
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'ch_notif=; Path=/; Max-Age=0';
});

describe('SoundSwitch', () => {
  it('is off by default and turning it on stores ch_notif and plays a sample', () => {
    render(<SoundSwitch />);
    const toggle = screen.getByRole('switch', { name: 'Notification sounds' });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(document.cookie).toContain('ch_notif=true');
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(document.cookie).toContain('ch_notif=false');
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('starts on when the cookie says so', () => {
    document.cookie = 'ch_notif=true; Path=/';
    render(<SoundSwitch />);
    expect(screen.getByRole('switch')).toBeChecked();
  });
});
