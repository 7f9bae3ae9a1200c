// Helpers for the discovery and social-graph tests: members registered with chosen search
// preferences, the server's SQLite file (read-only look-ups of the seeded personas), the admin
// command that grants premium, and gestures on the swipe deck.
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import type {
  APIRequestContext,
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Locator,
  Page,
} from '@playwright/test';
import { expect, OUT_OF_THE_WAY, PASSWORD, TEL_AVIV, tr, uniqueEmail, type Lang } from './fixtures';

const root = resolve(import.meta.dirname, '..', '..');

function dataDir(): string {
  const data = process.env.KESHER_E2E_DATA;
  if (!data) throw new Error('KESHER_E2E_DATA is not set: global-setup.ts did not run');
  return data;
}

// ---------------------------------------------------------------------------------------------
// The database and the admin command

/** Runs a read-only query on the running server's database; one row a line, columns by '|'. */
export function sql(query: string): string[][] {
  const out = execFileSync('sqlite3', ['-readonly', join(dataDir(), 'kesher.db'), query], {
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => line.split('|'));
}

export function sqlIds(query: string): number[] {
  return sql(query).map((row) => Number(row[0]));
}

/**
 * `kesher set-premium` against the server's data folder (SQLite WAL allows it while it runs).
 * The command loads the place table before it runs, so it needs --places like the server.
 */
export function setPremium(userId: number, premium = true): void {
  const bin = process.env.KESHER_BIN ?? join(root, 'build/server/kesher');
  const places = process.env.KESHER_PLACES ?? join(root, 'build/places.tsv');
  execFileSync(bin, [
    '--data',
    dataDir(),
    '--places',
    places,
    '--log-level',
    'warn',
    'set-premium',
    '--user-id',
    String(userId),
    '--premium',
    premium ? '1' : '0',
  ]);
}

/** Every persona (virtual profile) id. Members of other tests share the server, and Discover. */
export function personaIds(): Set<number> {
  return new Set(sqlIds(`SELECT id FROM users WHERE kind = 'persona'`));
}

/** Personas that always like back, at once (likes_back_percent 100, like_back_delay_s 0). */
export function instantLikers(gender: 1 | 2): Set<number> {
  return new Set(
    sqlIds(
      `SELECT id FROM users WHERE kind = 'persona' AND likes_back_percent = 100 ` +
        `AND like_back_delay_s = 0 AND gender = ${gender}`,
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Members

export interface Member {
  id: number;
  email: string;
  password: string;
  name: string;
  lang: Lang;
}

export interface MemberOptions {
  gender?: 1 | 2 | 3;
  lookingFor?: 1 | 2;
  ages?: [number, number];
  birthYear?: number;
  placeId?: number;
  name?: string;
}

/** A name in the letters the language allows (Hebrew letters only for he). */
export function nameFor(lang: Lang, gender: 1 | 2 | 3): string {
  if (lang === 'he') return gender === 1 ? 'איתי' : 'נועה';
  return gender === 1 ? 'Daniel' : 'Maya';
}

/**
 * Registers a member over HTTP. With page.request (or context.request) the browser context gets
 * the session cookie; the language cookie is set too, so the UI starts in `lang`.
 * Default: a man in Tel Aviv looking for women of any age (more than 24 personas match).
 */
export async function registerMember(
  request: APIRequestContext,
  context: BrowserContext,
  baseURL: string,
  tag: string,
  lang: Lang,
  options: MemberOptions = {},
): Promise<Member> {
  const gender = options.gender ?? 1;
  const [minAge, maxAge] = options.ages ?? [18, 100];
  const email = uniqueEmail(tag);
  const name = options.name ?? nameFor(lang, gender);
  const response = await request.post('/api/auth/register', {
    data: {
      email,
      password: PASSWORD,
      name,
      gender,
      s_gender: options.lookingFor ?? 2,
      s_age: `${minAge},${maxAge}`,
      birth_year: options.birthYear ?? 1990,
      birth_month: 3,
      birth_day: 14,
      place_id: options.placeId ?? TEL_AVIV,
      answer: 3,
      language: lang,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { user } = (await response.json()) as { user: { id: number } };
  await context.addCookies([{ name: 'language', value: lang, url: baseURL }]);
  return { id: user.id, email, password: PASSWORD, name, lang };
}

/** Who withOtherMember registers, and the options of their browser context. */
export interface OtherMember extends MemberOptions {
  tag: string;
  lang: Lang;
  /** Added to the context's baseURL and locale (he-IL), e.g. the project's viewport. */
  contextOptions?: BrowserContextOptions;
}

/**
 * A second member, in a browser context of their own (one context holds one session): registers
 * them, runs `body` with their page, and closes the context however `body` ends.
 */
export async function withOtherMember(
  browser: Browser,
  baseURL: string,
  { tag, lang, contextOptions, ...options }: OtherMember,
  body: (page: Page, member: Member) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({ baseURL, locale: 'he-IL', ...contextOptions });
  try {
    const page = await context.newPage();
    const member = await registerMember(page.request, context, baseURL, tag, lang, options);
    await body(page, member);
  } finally {
    await context.close();
  }
}

/**
 * `count` more members who like `targetId`, without a browser each: registered over HTTP, then
 * each likes through a socket of its own, opened from `page` and bound to its session (the
 * protocol lets a socket validate an explicit session). For screens that need several fans.
 */
export async function moreFans(
  request: APIRequestContext,
  page: Page,
  targetId: number,
  count: number,
): Promise<void> {
  const sessions: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await request.post('/api/auth/register', {
      data: {
        email: uniqueEmail('more-fans'),
        password: PASSWORD,
        name: 'Fan',
        gender: 2,
        s_gender: 1,
        s_age: '18,100',
        birth_year: 1991 + i,
        birth_month: 6,
        birth_day: 1,
        // A like needs no nearness; out of the way, they stay out of other tests' decks.
        place_id: OUT_OF_THE_WAY,
        answer: 2,
        language: 'en',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const cookie = response
      .headersArray()
      .find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('session='));
    expect(cookie).toBeDefined();
    sessions.push((cookie?.value ?? '').split(';')[0]?.slice('session='.length) ?? '');
  }
  await page.evaluate(
    async ({ sessions, targetId }) => {
      const likeAs = (session: string) =>
        new Promise<void>((resolve, reject) => {
          const socket = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws`);
          socket.onopen = () =>
            socket.send(JSON.stringify({ module: 'session/validate', rid: 'v', session }));
          socket.onmessage = (event: MessageEvent<string>) => {
            const message = JSON.parse(event.data) as { rid?: string; request_status?: number };
            if (message.rid === 'v') {
              socket.send(
                JSON.stringify({ module: 'swipe', rid: 's', swiped_user_id: targetId, like: 1 }),
              );
            } else if (message.rid === 's') {
              socket.close();
              if (message.request_status === 1) resolve();
              else reject(new Error(event.data));
            }
          };
          socket.onerror = () => reject(new Error('socket failed'));
        });
      await Promise.all(sessions.map(likeAs));
    },
    { sessions, targetId },
  );
}

/** Opens `path` as a freshly registered member and closes the 200-credits reward. */
export async function openAndCloseReward(page: Page, path: string, lang: Lang): Promise<void> {
  await page.goto(path);
  const modal = page.getByRole('dialog', { name: tr('common.freeCredits.title', lang) });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: tr('common.freeCredits.cta', lang) }).click();
  await expect(modal).toBeHidden();
}

// ---------------------------------------------------------------------------------------------
// The deck

export function topCard(page: Page): Locator {
  return page.getByTestId('explore-card').first();
}

export function cardOf(page: Page, id: number): Locator {
  return page.locator(`[data-testid="explore-card"][data-person-id="${id}"]`);
}

/** The id of the top card, once the deck is idle (no card flying out). */
export async function topCardId(page: Page): Promise<number> {
  await expect(page.getByTestId('explore-pass')).toBeEnabled();
  const id = Number(await topCard(page).getAttribute('data-person-id'));
  expect(id).toBeGreaterThan(0);
  return id;
}

/** Waits until the card `id` has flown out and left the deck. */
export async function expectGone(page: Page, id: number): Promise<void> {
  await expect(cardOf(page, id)).toHaveCount(0);
}

/**
 * Drags the top card sideways with a real pointer: touch events through the DevTools protocol on
 * a touch device (pointerType "touch"), the mouse elsewhere. dx < 0 passes, dx > 0 likes.
 */
export async function dragTopCard(page: Page, dx: number, touch: boolean): Promise<void> {
  const box = await topCard(page).boundingBox();
  if (!box) throw new Error('no top card to drag');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const steps = 12;
  if (touch) {
    const cdp = await page.context().newCDPSession(page);
    const at = (px: number, py: number) => [{ x: px, y: py, id: 1, radiusX: 4, radiusY: 4 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(x, y) });
    for (let i = 1; i <= steps; i += 1) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: at(x + (dx * i) / steps, y + i),
      });
      await page.waitForTimeout(16);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  } else {
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= steps; i += 1) {
      await page.mouse.move(x + (dx * i) / steps, y + i);
      await page.waitForTimeout(16);
    }
    await page.mouse.up();
  }
}
