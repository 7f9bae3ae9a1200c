import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PUSH_SKIP_COOKIE } from '../../app/constants';
import { useAppStore } from '../../app/store';
import { setTestLanguage, jsonResponse } from '../auth/testUtils';
import { makeUser } from '../auth/shellMock';
import PushPrompts from './PushPrompts';
import { PushPromptGate } from './PushPromptGate';
import { fakeDevice, KEY } from './testing';
import en from '../../i18n/push/en.json';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0.0.0 Safari/537.36';

function onDevice(userAgent: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  useAppStore.setState({
    user: makeUser({ credits: 0 }),
    authenticated: true,
    language: 'en',
    freeCreditsClaimed: null,
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.cookie = `${PUSH_SKIP_COOKIE}=; Path=/; Max-Age=0`;
});

const subscribePrompt = () => screen.findByRole('dialog', { name: en.prompt.subscribe.title });

describe('PushPrompts', () => {
  it('Android, no credits, not subscribed: offers notifications and subscribes', async () => {
    onDevice(ANDROID);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/push/key'
          ? jsonResponse(200, { public_key: KEY })
          : jsonResponse(200, { data: { subscribed: true, reward: { claimed: true } } }),
      ),
    );
    const { device, pushManager } = fakeDevice();
    render(<PushPrompts device={device} />);
    const dialog = await subscribePrompt();
    expect(dialog).toHaveTextContent(en.prompt.reward.replace('{{count}}', '200'));
    await userEvent.click(screen.getByRole('button', { name: en.prompt.subscribe.cta }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(pushManager.subscribe).toHaveBeenCalledOnce();
  });

  it('shows a refused permission in words and stays open', async () => {
    onDevice(ANDROID);
    const { device } = fakeDevice({ answer: 'denied' });
    render(<PushPrompts device={device} />);
    await subscribePrompt();
    await userEvent.click(screen.getByRole('button', { name: en.prompt.subscribe.cta }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.errors.denied);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('"Later" closes it and sets the push-skip cookie; the cookie keeps it closed', async () => {
    onDevice(ANDROID);
    const first = render(<PushPrompts device={fakeDevice().device} />);
    await subscribePrompt();
    await userEvent.click(screen.getByRole('button', { name: en.prompt.later }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.cookie).toContain(`${PUSH_SKIP_COOKIE}=1`);
    first.unmount();
    render(<PushPrompts device={fakeDevice().device} />);
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('iOS in Safari: the add-to-home variant, whose button shows the steps', async () => {
    onDevice(IPHONE);
    render(<PushPrompts device={fakeDevice({ supported: false }).device} />);
    await screen.findByRole('dialog', { name: en.prompt.addToHome.title });
    await userEvent.click(screen.getByRole('button', { name: en.prompt.addToHome.cta }));
    const steps = await screen.findByTestId('add-to-home-steps');
    expect(steps).toHaveTextContent(en.install.iosShare);
    expect(steps).toHaveTextContent(en.install.iosAdd);
    expect(screen.getByRole('dialog', { name: en.install.title })).toBeInTheDocument();
  });

  it('nothing when subscribed already, with credits, or on a desktop', async () => {
    onDevice(ANDROID);
    const { device } = fakeDevice({
      permission: 'granted',
      existing: { ...(await import('./testing')).fakeSubscription() },
    });
    const subscribed = render(<PushPrompts device={device} />);
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
    subscribed.unmount();

    useAppStore.setState({ user: makeUser({ credits: 50 }) });
    const rich = render(<PushPrompts device={fakeDevice().device} />);
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
    rich.unmount();

    useAppStore.setState({ user: makeUser({ credits: 0 }) });
    onDevice(DESKTOP);
    render(<PushPrompts device={fakeDevice().device} />);
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('PushPromptGate', () => {
  it('renders nothing (and loads no chunk) with credits, on a desktop, or under the reward', () => {
    onDevice(ANDROID);
    useAppStore.setState({ user: makeUser({ credits: 200 }) });
    expect(render(<PushPromptGate />).container).toBeEmptyDOMElement();
    useAppStore.setState({ user: makeUser({ credits: 0 }), freeCreditsClaimed: 200 });
    expect(render(<PushPromptGate />).container).toBeEmptyDOMElement();
    onDevice(DESKTOP);
    useAppStore.setState({ freeCreditsClaimed: null });
    expect(render(<PushPromptGate />).container).toBeEmptyDOMElement();
  });
});
