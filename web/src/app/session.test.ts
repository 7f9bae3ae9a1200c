import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, i18next } from '../i18n';
import { realtime } from '../realtime';
import { RealtimeClient } from '../realtime/client';
import { FakeSocket, TEST_USER } from '../realtime/testing';
import { changeLanguage } from './language';
import { bindRealtime, connectionOf } from './session';
import { useAppStore } from './store';

const USER = { ...TEST_USER, name: 'Noa' };

let client: RealtimeClient;
let unbind: () => void;
const navigate = vi.fn();

function clearCookie() {
  document.cookie = 'language=; Path=/; Max-Age=0';
}

beforeEach(() => {
  initI18n('he');
  FakeSocket.instances = [];
  localStorage.clear();
  clearCookie();
  navigate.mockReset();
  useAppStore.setState(useAppStore.getInitialState());
  client = new RealtimeClient({ url: () => 'ws://t/ws', createSocket: (u) => new FakeSocket(u) });
  unbind = bindRealtime(client, navigate);
  client.start();
});
afterEach(() => {
  unbind();
  client.stop();
  clearCookie();
});

async function flush() {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('bindRealtime', () => {
  it('stores the user and marks auth as checked after validation', async () => {
    const socket = FakeSocket.latest();
    socket.serverOpen();
    socket.reply('session/validate', { request_status: 1, data: { authenticated: 1, user: USER } });
    await flush();
    const state = useAppStore.getState();
    expect(state.user?.name).toBe('Noa');
    expect(state.authenticated).toBe(true);
    expect(state.authChecked).toBe(true);
    expect(socket.modules()).toContain('totals');
  });

  it('marks a visitor as checked without a user', async () => {
    const socket = FakeSocket.latest();
    socket.serverOpen();
    socket.reply('session/validate', { request_status: 0, data: { authenticated: 0 } });
    await flush();
    expect(useAppStore.getState()).toMatchObject({ authenticated: false, authChecked: true });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('opens the reward modal on claim_free_credits', () => {
    const socket = FakeSocket.latest();
    socket.serverOpen();
    socket.serverSend({
      module: 'claim_free_credits',
      request_status: 1,
      request_details: { claimed: true },
      claimed_credits: 200,
    });
    expect(useAppStore.getState().freeCreditsClaimed).toBe(200);
    expect(useAppStore.getState().freeCreditsReason).toBe('signup');
  });

  it('opens the reward modal in its push wording for the push opt-in reward', () => {
    const socket = FakeSocket.latest();
    socket.serverOpen();
    socket.serverSend({
      module: 'claim_free_credits',
      request_status: 1,
      request_details: { claimed: true, reason: 'push' },
      claimed_credits: 200,
    });
    expect(useAppStore.getState().freeCreditsClaimed).toBe(200);
    expect(useAppStore.getState().freeCreditsReason).toBe('push');
  });

  it('takes the photos of user/photos/changed, the first one as the member’s photo', async () => {
    const socket = FakeSocket.latest();
    socket.serverOpen();
    socket.reply('session/validate', { request_status: 1, data: { authenticated: 1, user: USER } });
    await flush();
    const photos = [
      { id: 8, photo: '/media/u/b.jpg', thumb: '/media/u/b-t.jpg' },
      { id: 7, photo: '/media/u/a.jpg', thumb: '/media/u/a-t.jpg' },
    ];
    socket.serverSend({ module: 'user/photos/changed', data: { photos } });
    expect(useAppStore.getState().user).toMatchObject({ photos, photo: '/media/u/b.jpg' });
    socket.serverSend({ module: 'user/photos/changed', data: { photos: [] } });
    expect(useAppStore.getState().user).toMatchObject({ photos: [], photo: null });
  });

  it('falls back to Hebrew on geodata when no language was chosen', async () => {
    await i18next.changeLanguage('en');
    const socket = FakeSocket.latest();
    socket.serverOpen();
    socket.reply('geodata', { request_status: 1, data: { country: 'DE', language: 'de' } });
    expect(i18next.language).toBe('he');
    expect(document.documentElement.dir).toBe('rtl');
    expect(useAppStore.getState().country).toBe('DE');
  });

  it('keeps a chosen language on geodata', () => {
    changeLanguage('de');
    const socket = FakeSocket.latest();
    socket.serverOpen();
    socket.reply('geodata', { request_status: 1, data: { country: 'IL', language: 'he' } });
    expect(i18next.language).toBe('de');
  });
});

describe('changeLanguage', () => {
  it('switches i18n, <html lang dir>, the cookie and the store', () => {
    changeLanguage('en');
    expect(i18next.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.cookie).toContain('language=en');
    expect(useAppStore.getState().language).toBe('en');
    changeLanguage('he');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('names the tab with the brand as the language writes it', () => {
    changeLanguage('en');
    expect(document.title).toBe('Kesher');
    changeLanguage('he');
    expect(document.title).toBe('קשר');
  });

  it('saves the choice on the profile when signed in', () => {
    const request = vi.spyOn(realtime, 'request').mockResolvedValue({
      module: 'user/update',
      request_status: 1,
    });
    useAppStore.setState({ authenticated: true });
    changeLanguage('de');
    expect(request).toHaveBeenCalledWith('user/update', { key: 'language', value: 'de' });
    request.mockRestore();
  });
});

describe('connectionOf', () => {
  const base = {
    status: 'open',
    authenticated: true,
    validated: true,
    online: true,
    interrupted: false,
  } as const;

  it('is live on a validated socket, and before anything was lost', () => {
    expect(connectionOf(base)).toBe('live');
    expect(connectionOf({ ...base, status: 'connecting', authenticated: false })).toBe('live');
  });

  it('is offline when the browser says so, reconnecting after a loss otherwise', () => {
    const lost = {
      ...base,
      status: 'connecting',
      authenticated: false,
      interrupted: true,
    } as const;
    expect(connectionOf({ ...lost, online: false })).toBe('offline');
    expect(connectionOf(lost)).toBe('reconnecting');
    expect(connectionOf({ ...lost, status: 'open' })).toBe('reconnecting');
  });

  it('the store follows the socket', async () => {
    const socket = FakeSocket.latest();
    socket.serverOpen();
    socket.reply('session/validate', { request_status: 1, data: { authenticated: 1, user: USER } });
    await flush();
    expect(useAppStore.getState().connection).toBe('live');
    socket.serverClose();
    expect(useAppStore.getState().connection).toBe('reconnecting');
  });
});
