import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, setTestLanguage } from '../auth/testUtils';
import en from '../../i18n/push/en.json';
import { PushSwitch } from './PushSwitch';
import { fakeDevice, fakeSubscription, KEY } from './testing';

beforeAll(async () => {
  await setTestLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const toggle = () => screen.getByRole('switch', { name: en.settings.label });

describe('PushSwitch', () => {
  it('turns notifications on: subscribes and tells the server', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/push/key'
        ? jsonResponse(200, { public_key: KEY })
        : jsonResponse(200, { data: { subscribed: true, reward: { claimed: true } } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { device, pushManager } = fakeDevice();
    render(<PushSwitch device={device} />);
    await waitFor(() => expect(toggle()).toBeEnabled());
    expect(toggle()).not.toBeChecked();
    await userEvent.click(toggle());
    await waitFor(() => expect(toggle()).toBeChecked());
    expect(pushManager.subscribe).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledWith('/api/send-push', expect.anything());
  });

  it('turns them off: the server forgets the endpoint, then the browser', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { data: { removed: true } }));
    vi.stubGlobal('fetch', fetchMock);
    const existing = fakeSubscription('https://push.example/me');
    const { device } = fakeDevice({ permission: 'granted', existing });
    render(<PushSwitch device={device} />);
    await waitFor(() => expect(toggle()).toBeChecked());
    await userEvent.click(toggle());
    await waitFor(() => expect(toggle()).not.toBeChecked());
    expect(fetchMock).toHaveBeenCalledWith('/api/push/unsubscribe', expect.anything());
    expect(existing.unsubscribe).toHaveBeenCalledOnce();
  });

  it('is disabled, saying why, where permission is denied or push unsupported', async () => {
    const denied = render(<PushSwitch device={fakeDevice({ permission: 'denied' }).device} />);
    await waitFor(() => expect(screen.getByText(en.settings.denied)).toBeInTheDocument());
    expect(toggle()).toBeDisabled();
    denied.unmount();
    render(<PushSwitch device={fakeDevice({ supported: false }).device} />);
    expect(screen.getByText(en.settings.unsupported)).toBeInTheDocument();
    expect(toggle()).toBeDisabled();
  });
});
