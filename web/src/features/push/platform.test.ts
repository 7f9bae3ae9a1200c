import { PUSH_SKIP_COOKIE } from '../../app/constants';
import { deviceOs, isPushSkipped, skipPush } from './platform';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe('deviceOs', () => {
  it('knows iPhone, iPad (also asking for the desktop site) and Android', () => {
    expect(deviceOs(IPHONE, 5)).toBe('ios');
    expect(deviceOs(IPAD_DESKTOP, 5)).toBe('ios');
    expect(deviceOs(IPAD_DESKTOP, 0)).toBe('other'); // a Mac
    expect(deviceOs(ANDROID, 5)).toBe('android');
    expect(deviceOs(LINUX, 0)).toBe('other');
  });
});

describe('the push-skip cookie', () => {
  afterEach(() => {
    document.cookie = `${PUSH_SKIP_COOKIE}=; Path=/; Max-Age=0`;
  });

  it('"later" sets it for a day', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    expect(isPushSkipped()).toBe(false);
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor?.set?.call(document, value);
    });
    skipPush();
    vi.restoreAllMocks();
    expect(writes).toEqual([`${PUSH_SKIP_COOKIE}=1; Path=/; Max-Age=86400; SameSite=Lax`]);
    expect(isPushSkipped()).toBe(true);
  });
});
