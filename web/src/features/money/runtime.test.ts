// @vitest-environment node
// bindMoney and the moment the socket signs in: the member's prices (their currency) are asked
// for whether the sign-in comes before or after the runtime starts.
import { useAppStore } from '../../app/store';
import { refreshPrices, subscribeMoneyEvents } from './api';
import { bindMoney } from './runtime';

vi.mock('./api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./api')>()),
  refreshPrices: vi.fn(),
  fetchPrizes: vi.fn(async () => null),
  subscribeMoneyEvents: vi.fn(() => () => undefined),
}));

afterEach(() => {
  vi.clearAllMocks();
  useAppStore.setState({ authenticated: false });
});

describe('bindMoney', () => {
  it("asks for the member's prices at once when the socket signed in before it started", () => {
    useAppStore.setState({ authenticated: true });
    const off = bindMoney();
    expect(refreshPrices).toHaveBeenCalledOnce();
    off();
  });

  it('asks for them at the sign-in when it comes later', () => {
    const off = bindMoney();
    expect(refreshPrices).not.toHaveBeenCalled();
    const handlers = vi.mocked(subscribeMoneyEvents).mock.calls[0]?.[0];
    handlers?.authenticated();
    expect(refreshPrices).toHaveBeenCalledOnce();
    off();
  });
});
