import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store';
import { usePremiumModal } from '../premium/store';
import { setChatOpen, useNotifyStore } from './banner';
import {
  playSound,
  resetSoundPlayers,
  setMuted,
  setSoundsEnabled,
  SOUND_FILES,
  soundsEnabled,
} from './sounds';

class FakeAudio {
  static created: FakeAudio[] = [];
  static result: () => Promise<void> = () => Promise.resolve();
  volume = 1;
  currentTime = 3;
  preload = '';
  play = vi.fn(() => FakeAudio.result());
  constructor(public src: string) {
    FakeAudio.created.push(this);
  }
}

function setCookie(value: string | null) {
  document.cookie =
    value === null ? 'ch_notif=; Path=/; Max-Age=0' : `ch_notif=${value}; Path=/; Max-Age=60`;
}

const plays = () => FakeAudio.created.flatMap((a) => a.play.mock.calls.map(() => a.src));

beforeEach(() => {
  FakeAudio.created = [];
  FakeAudio.result = () => Promise.resolve();
  vi.stubGlobal('Audio', FakeAudio);
  resetSoundPlayers();
  setCookie('true');
  useNotifyStore.setState({ banner: null, chatPartnerId: null, muted: false });
  useAppStore.setState({ creditsModalOpen: false });
  usePremiumModal.setState({ subscriptionsOpen: false });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setCookie(null);
});

describe('playSound', () => {
  it('plays the file of the sound from the start at half volume when ch_notif is "true"', () => {
    playSound('message');
    expect(FakeAudio.created).toHaveLength(1);
    const audio = FakeAudio.created[0];
    expect(audio?.src).toBe('/sounds/message.wav');
    expect(audio?.volume).toBe(0.5);
    expect(audio?.currentTime).toBe(0);
    expect(audio?.play).toHaveBeenCalledTimes(1);
  });

  it('reuses one element per sound', () => {
    playSound('credits');
    playSound('credits');
    playSound('credit_spent');
    expect(FakeAudio.created.map((a) => a.src)).toEqual([
      '/sounds/credits.wav',
      '/sounds/credit-spent.wav',
    ]);
    expect(plays()).toHaveLength(3);
  });

  it('is silent without the cookie or with any other value', () => {
    setCookie(null);
    playSound('message');
    setCookie('false');
    playSound('credits');
    expect(plays()).toEqual([]);
  });

  it('is silent while the platform is muted', () => {
    setMuted(true);
    expect(useNotifyStore.getState().muted).toBe(true);
    playSound('credits');
    expect(plays()).toEqual([]);
    setMuted(false);
    playSound('credits');
    expect(plays()).toHaveLength(1);
  });

  it('plays only the credits sounds while a chat or a purchase modal is open', () => {
    setChatOpen(12);
    playSound('message');
    playSound('credit_spent');
    playSound('credits');
    setChatOpen(null);
    usePremiumModal.setState({ subscriptionsOpen: true });
    playSound('message');
    usePremiumModal.setState({ subscriptionsOpen: false });
    useAppStore.setState({ creditsModalOpen: true });
    playSound('message');
    playSound('credits');
    expect(plays()).toEqual([
      '/sounds/credit-spent.wav',
      '/sounds/credits.wav',
      '/sounds/credits.wav',
    ]);
  });

  it('ignores a refused play (autoplay policy) and a broken audio element', async () => {
    const refused = Promise.reject(new DOMException('not allowed', 'NotAllowedError'));
    FakeAudio.result = () => refused;
    expect(() => playSound('message')).not.toThrow();
    await Promise.resolve();

    resetSoundPlayers();
    vi.stubGlobal(
      'Audio',
      vi.fn(() => {
        throw new Error('no audio');
      }),
    );
    expect(() => playSound('message')).not.toThrow();
  });

  it('names a file for every sound', () => {
    expect(Object.keys(SOUND_FILES).sort()).toEqual(['credit_spent', 'credits', 'message']);
  });
});

describe('sound preference', () => {
  it('reads and writes the ch_notif cookie', () => {
    setCookie(null);
    expect(soundsEnabled()).toBe(false);
    setSoundsEnabled(true);
    expect(document.cookie).toContain('ch_notif=true');
    expect(soundsEnabled()).toBe(true);
    setSoundsEnabled(false);
    expect(document.cookie).toContain('ch_notif=false');
    expect(soundsEnabled()).toBe(false);
  });

  it('keeps the choice for 365 days', () => {
    const write = vi.spyOn(Document.prototype, 'cookie', 'set');
    setSoundsEnabled(true);
    expect(write).toHaveBeenCalledWith(expect.stringContaining('Max-Age=31536000'));
    write.mockRestore();
  });
});
