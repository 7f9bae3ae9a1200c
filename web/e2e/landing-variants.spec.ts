// The landing variants (issue 14, spec §2 "Onboarding"): /landing's 15-step flow, the German
// ten-step version, /landing-blue's 25 steps and the ads-landing layout, each a configuration of
// the one step engine, each registering against the real server; the profile extras they ask
// show on the member's profile and on the profile other members open, and save from profile edit.
import type { Page } from '@playwright/test';
import {
  choose,
  expect,
  HEBREW_NAME,
  PASSWORD,
  snap,
  TEL_AVIV,
  test,
  tr,
  uniqueEmail,
  type Lang,
  onlyLayout,
} from './fixtures';
import { openAndCloseReward, sql, withOtherMember } from './social';

const CORE_BEFORE = [
  'gender',
  'looking-for',
  'age-range',
  'name',
  'birth-date',
  'location',
  'reason',
];

/** Opens `path` as a guest in `lang` (the language cookie decides the page's language). */
async function openAsGuest(page: Page, baseURL: string, path: string, lang: Lang) {
  await page.context().addCookies([{ name: 'language', value: lang, url: baseURL }]);
  await page.goto(path);
  await expect(page.getByTestId('register-form')).toBeVisible();
}

/** Walks the flow's steps: the core answers, `extras` (per step id) on the extras steps, the
 *  account, and skips the photos. Returns the new member's email. */
async function walk(
  page: Page,
  lang: Lang,
  steps: string[],
  extras: Record<string, (page: Page) => Promise<void>>,
  shots: { prefix: string; at: string[] },
): Promise<string> {
  const email = uniqueEmail(`landing-${lang}`);
  const form = page.getByTestId('register-form');
  await expect(form).toHaveAttribute('data-steps', String(steps.length));
  const proceed = () => page.getByTestId('register-continue').click();
  for (const [index, id] of steps.entries()) {
    const n = index + 1;
    // Creating the account hashes the password: slow on a busy machine.
    await expect(form).toHaveAttribute('data-step', String(n), {
      timeout: id === 'photo' ? 30_000 : undefined,
    });
    await expect(page.getByTestId(`register-step-${id}`)).toBeVisible();
    await expect(page.getByTestId('register-progress')).toHaveAttribute(
      'aria-valuemax',
      String(steps.length),
    );
    if (shots.at.includes(id)) {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await snap(page, test.info(), `${shots.prefix}-${n}-${id}`);
    }
    switch (id) {
      case 'gender':
        await choose(page, 'register-gender-woman');
        await proceed();
        break;
      case 'looking-for':
        await choose(page, 'register-looking-men');
        await proceed();
        break;
      case 'age-range':
        await proceed();
        break;
      case 'name':
        await page.getByTestId('register-name').fill(lang === 'he' ? HEBREW_NAME : 'Maya');
        await proceed();
        break;
      case 'birth-date':
        await page.getByTestId('register-birth-day').selectOption('17');
        await page.getByTestId('register-birth-month').selectOption('5');
        await page.getByTestId('register-birth-year').selectOption('1994');
        await proceed();
        break;
      case 'location': {
        await page.getByTestId('register-place-input').fill(lang === 'he' ? 'תל' : 'Tel');
        const option = page.locator(
          `[data-testid="register-place-option"][data-place-id="${TEL_AVIV}"]`,
        );
        await option.click();
        await expect(page.getByTestId('register-place-selected')).toBeVisible();
        await proceed();
        break;
      }
      case 'reason':
        await choose(page, 'register-answer-1');
        await proceed();
        break;
      case 'account':
        await page.getByTestId('register-email').fill(email);
        await page.getByTestId('register-password').fill(PASSWORD);
        await page.getByTestId('register-create-account').click();
        break;
      case 'photo':
        await page.getByTestId('register-skip-photo').click();
        await expect(page).toHaveURL(/\/explore$/);
        {
          // The 200-credits reward of the new account.
          const reward = page.getByRole('dialog', { name: tr('common.freeCredits.title', lang) });
          await expect(reward).toBeVisible();
          await reward.getByRole('button', { name: tr('common.freeCredits.cta', lang) }).click();
          await expect(reward).toBeHidden();
        }
        break;
      default: {
        // An extras step: answered as the test says, or skipped.
        await expect(page.getByTestId('register-extras')).toBeVisible();
        const answer = extras[id];
        if (answer) {
          await answer(page);
          await proceed();
        } else {
          await page.getByTestId('register-skip').click();
        }
      }
    }
  }
  return email;
}

function extrasOf(email: string): string[][] {
  return sql(
    `SELECT field, value FROM profile_extras WHERE user_id = (SELECT id FROM users WHERE email = '${email}') ORDER BY field, position`,
  );
}

function idOf(email: string): number {
  return Number(sql(`SELECT id FROM users WHERE email = '${email}'`)[0]?.[0] ?? 0);
}

test.describe('landing variants', () => {
  test.setTimeout(240_000);

  test('/landing runs the 15 steps in Hebrew; the extras show on profiles and save from edit', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    onlyLayout('phone', 'the Hebrew landing’s ads send phones');
    await openAsGuest(page, baseURL ?? '', '/landing', 'he');
    await expect(page.getByTestId('landing-flow-landing')).toBeVisible();
    const steps = [
      ...CORE_BEFORE,
      'relationship-goal',
      'height',
      'family',
      'habits',
      'interests',
      'personality',
      'account',
      'photo',
    ];
    expect(steps).toHaveLength(15);

    const email = await walk(
      page,
      'he',
      steps,
      {
        'relationship-goal': (p) => choose(p, 'register-extra-relationship_goal-long_term'),
        height: async (p) => {
          await p.getByTestId('register-extra-height').selectOption('168');
        },
        family: async (p) => {
          await choose(p, 'register-extra-children-none');
          await choose(p, 'register-extra-family_plans-want');
        },
        habits: async (p) => {
          await choose(p, 'register-extra-smoke-never');
          await choose(p, 'register-extra-drink-socially');
        },
        interests: async (p) => {
          await choose(p, 'register-extra-interests-music');
          await choose(p, 'register-extra-interests-hiking');
          await snap(p, testInfo, 'landing-he-interests-chosen');
        },
        // personality: skipped.
      },
      { prefix: 'landing-he', at: ['gender', 'relationship-goal', 'height', 'family', 'habits'] },
    );

    expect(extrasOf(email)).toEqual([
      ['children', 'none'],
      ['drink', 'socially'],
      ['family_plans', 'want'],
      ['height', '168'],
      ['interests', 'music'],
      ['interests', 'hiking'],
      ['relationship_goal', 'long_term'],
      ['smoke', 'never'],
    ]);

    // Her own profile shows them, in Hebrew.
    await page.goto('/profile');
    const own = page.getByTestId('own-extras');
    await expect(own).toBeVisible();
    await expect(own.getByTestId('own-extras-relationship_goal')).toContainText(
      tr('extras.fields.relationship_goal.options.long_term', 'he'),
    );
    await expect(own.getByTestId('own-extras-height')).toContainText(
      tr('extras.heightValue', 'he', { cm: 168 }),
    );
    await own.scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'landing-he-own-extras');

    // Profile edit changes them: smoke "trying to quit", workout "daily", drink cleared.
    await page.getByTestId('profile-edit-open').click();
    const editor = page.getByTestId('extras-edit');
    await expect(editor).toBeVisible();
    await choose(page, 'extras-edit-smoke-quitting');
    await choose(page, 'extras-edit-workout-daily');
    await page.getByTestId('extras-edit-drink-clear').click();
    await editor.getByTestId('extras-edit-save').scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'landing-he-extras-edit');
    await editor.getByTestId('extras-edit-save').click();
    await expect(editor.getByTestId('extras-edit-saved')).toHaveText(tr('extras.saved', 'he'));
    await expect
      .poll(() => extrasOf(email).filter(([f]) => f !== 'interests'))
      .toEqual([
        ['children', 'none'],
        ['family_plans', 'want'],
        ['height', '168'],
        ['relationship_goal', 'long_term'],
        ['smoke', 'quitting'],
        ['workout', 'daily'],
      ]);

    // Another member opens her profile from Discover and sees them.
    const herId = idOf(email);
    await withOtherMember(
      browser,
      baseURL ?? '',
      // A Hebrew speaker: Discover lists people of the viewer's language first, newest first.
      {
        tag: 'landing-viewer',
        lang: 'he',
        contextOptions: { viewport: page.viewportSize() ?? undefined },
      },
      async (other) => {
        await openAndCloseReward(other, '/meet', 'he');
        const tile = other.locator(`[data-testid="meet-tile"][data-person-id="${herId}"]`);
        await expect(tile).toBeVisible();
        await tile.click();
        const modal = other.getByTestId('profile-modal');
        await expect(modal).toBeVisible();
        const shown = modal.getByTestId('profile-extras');
        await expect(shown).toBeVisible();
        await expect(shown.getByTestId('profile-extras-smoke')).toContainText(
          tr('extras.fields.smoke.options.quitting', 'he'),
        );
        await expect(shown.getByTestId('profile-extras-family_plans')).toContainText(
          tr('extras.fields.family_plans.options.want', 'he'),
        );
        await expect(shown.getByTestId('profile-extras-drink')).toHaveCount(0);
        await shown.scrollIntoViewIfNeeded();
        await snap(other, testInfo, 'landing-profile-modal-extras-he');
      },
    );
  });

  test('/landing in German runs the ten-step version', async ({ page, baseURL }, testInfo) => {
    onlyLayout('desktop', 'German runs on the desktop, Hebrew on the phone');
    await openAsGuest(page, baseURL ?? '', '/landing', 'de');
    await expect(page.getByTestId('landing-flow-landing-de')).toBeVisible();
    const email = await walk(
      page,
      'de',
      [...CORE_BEFORE, 'relationship-goal', 'account', 'photo'],
      { 'relationship-goal': (p) => choose(p, 'register-extra-relationship_goal-friends') },
      { prefix: 'landing-de', at: ['gender', 'relationship-goal', 'account'] },
    );
    expect(extrasOf(email)).toEqual([['relationship_goal', 'friends']]);
    expect(sql(`SELECT language FROM users WHERE email = '${email}'`)).toEqual([['de']]);
    await page.goto('/profile');
    await expect(page.getByTestId('own-extras-relationship_goal')).toContainText(
      tr('extras.fields.relationship_goal.options.friends', 'de'),
    );
    await page.getByTestId('own-extras').scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'landing-de-own-extras');
  });

  test('/landing-blue runs about 26 steps (25), one per extra, in blue', async ({
    page,
    baseURL,
  }, testInfo) => {
    onlyLayout('desktop', 'the blue variant runs on the desktop, /landing on the phone');
    await openAsGuest(page, baseURL ?? '', '/landing-blue', 'en');
    await expect(page.getByTestId('landing-flow-landing-blue')).toHaveAttribute(
      'data-theme',
      'blue',
    );
    const extrasSteps = [
      'relationship-goal',
      'dating-experience',
      'distance',
      'communication',
      'relationship-status',
      'children',
      'family-plans',
      'height',
      'ethnicity',
      'industry',
      'interests',
      'drink',
      'smoke',
      'workout',
      'pets',
      'personality',
    ];
    const email = await walk(
      page,
      'en',
      [...CORE_BEFORE, ...extrasSteps, 'account', 'photo'],
      {
        'dating-experience': (p) => choose(p, 'register-extra-dating_experience-first_time'),
        distance: (p) => choose(p, 'register-extra-distance-km_25'),
        industry: async (p) => {
          await p.getByTestId('register-extra-industry').selectOption('healthcare');
        },
        pets: (p) => choose(p, 'register-extra-pets-dog'),
        personality: (p) => choose(p, 'register-extra-personality-in_between'),
      },
      { prefix: 'landing-blue-en', at: ['gender', 'distance', 'industry', 'interests', 'account'] },
    );
    expect(extrasOf(email)).toEqual([
      ['dating_experience', 'first_time'],
      ['distance', 'km_25'],
      ['industry', 'healthcare'],
      ['personality', 'in_between'],
      ['pets', 'dog'],
    ]);
    await page.goto('/profile');
    await expect(page.getByTestId('own-extras-industry')).toContainText(
      tr('extras.fields.industry.options.healthcare', 'en'),
    );
    await page.getByTestId('own-extras').scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'landing-blue-en-own-extras');
  });

  for (const lang of ['he', 'en', 'de'] as Lang[]) {
    test(`the ads-landing layout puts the flow on the page (${lang})`, async ({
      page,
      baseURL,
    }, testInfo) => {
      await openAsGuest(page, baseURL ?? '', '/landing?layout=ads', lang);
      const ads = page.getByTestId('ads-landing');
      await expect(ads).toHaveAttribute('data-layout', 'ads');
      await expect(ads.getByText(tr('auth.tagline', lang))).toBeVisible();
      // The first question is on the first screen, without scrolling.
      await expect(page.getByTestId('register-step-gender')).toBeInViewport();
      await expect(page.getByTestId('register-form')).toHaveAttribute(
        'data-steps',
        lang === 'de' ? '10' : '15',
      );
      await snap(page, testInfo, `ads-landing-${lang}`);
      // An extras step in this language.
      await page.goto('/landing-blue');
      await expect(page.getByTestId('register-form')).toHaveAttribute('data-steps', '25');
    });
  }
});
