// The registration's first step pre-rendered (docs/architecture.md, "Per-language pages"): the
// build writes register.html (Hebrew), register.en.html and register.de.html for /register with
// the logged-out frame and the gender step of the nine-step flow inside #root, so a visitor sees
// them before any JavaScript runs. The markup follows AuthLayout.tsx, RegisterFlow.tsx,
// RegisterSteps.tsx (GenderStep) and ChoiceGroup.tsx class for class, with the texts of
// src/i18n/auth|common/<lang>.json, so that React's page takes over without a jump. It carries no
// test ids (the tests wait for React's page), and the form is inert: a choice made before the app
// runs would be lost when React takes over, and Continue would submit the form to the server.
import {
  brandMark,
  escapeHtml,
  interpolate,
  languagePicker,
  lookup,
  type PageLanguage,
  type Tree,
} from './landingPages';

/** The flow's length and first step (src/features/auth/registerFlows.ts, FLOWS.register). */
export const REGISTER_STEPS = 9;

// RegisterFlow.tsx's Back glyph.
const BACK =
  '<svg class="icon-directional" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">' +
  '<path d="M15.4 4.6 8 12l7.4 7.4 1.4-1.4-6-6 6-6z" fill="currentColor"></path></svg>';

export function registerMarkup(lang: PageLanguage, auth: Tree, common: Tree): string {
  const t = (path: string, values: Record<string, string> = {}) =>
    escapeHtml(interpolate(lookup(auth, path), values));
  const progress = t('register.progress', { step: '1', total: String(REGISTER_STEPS) });
  const title = t('register.steps.gender.title');
  const choices = (
    [
      [1, '♂', 'man'],
      [2, '♀', 'woman'],
      [3, '⚧', 'other'],
    ] as const
  )
    .map(
      ([value, icon, key]) =>
        `<label class="choice"><input type="radio" name="gender" value="${value}" class="choice-input">` +
        `<span class="choice-icon" aria-hidden="true">${icon}</span>` +
        `<span class="choice-label">${t(`register.gender.${key}`)}</span>` +
        '<span class="choice-tick" aria-hidden="true"></span></label>',
    )
    .join('');
  return [
    '<div class="auth-layout" data-theme="default" data-prerendered="">',
    '<aside class="auth-brand">',
    `<a href="/" class="auth-brand-home">${brandMark(44)}<span class="auth-brand-name">${t('brand')}</span></a>`,
    `<div class="auth-brand-language">${languagePicker(lang, common, 'prerendered-language-side')}</div>`,
    '<div class="auth-brand-copy">',
    `<p class="auth-brand-tagline">${t('tagline')}</p>`,
    `<p class="auth-brand-sub">${t('layout.sub')}</p>`,
    '</div>',
    `<p class="auth-brand-disclosure">${t('disclosure')}</p>`,
    '</aside>',
    '<main class="auth-main">',
    '<div class="auth-topbar">',
    `<a href="/" class="auth-topbar-home" aria-label="${t('brand')}">${brandMark(32)}<span>${t('brand')}</span></a>`,
    `<div class="auth-topbar-language">${languagePicker(lang, common, 'prerendered-language-top')}</div>`,
    '</div>',
    '<div class="auth-card card auth-card-wide">',
    `<form class="register register--default" novalidate inert data-flow="register" data-step="1" data-steps="${REGISTER_STEPS}">`,
    '<div class="register-progress">',
    `<div class="register-progress-bar" role="progressbar" aria-valuemin="1" aria-valuemax="${REGISTER_STEPS}" aria-valuenow="1" aria-label="${progress}"><span></span></div>`,
    `<span class="register-progress-text muted">${progress}</span>`,
    '</div>',
    '<div class="register-step">',
    `<h1 class="register-title" tabindex="-1">${title}</h1>`,
    `<p class="register-subtitle muted">${t('register.steps.gender.subtitle')}</p>`,
    `<fieldset class="choice-group choice-group-cols-3"><legend class="visually-hidden">${title}</legend>${choices}</fieldset>`,
    '</div>',
    '<div class="register-actions">',
    `<button type="button" class="btn btn-secondary register-back">${BACK}${t('actions.back')}</button>`,
    `<button type="submit" class="btn btn-primary register-next">${t('actions.continue')}</button>`,
    '</div>',
    '</form>',
    `<p class="auth-switch">${t('register.haveAccount')} <a href="/login">${t('register.loginLink')}</a></p>`,
    '</div>',
    `<p class="auth-disclosure-mobile muted">${t('disclosure')}</p>`,
    '</main>',
    '</div>',
  ].join('');
}
