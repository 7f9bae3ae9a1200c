// /explore pre-rendered (docs/architecture.md, "Per-language pages"): the signed-in frame's tab bar
// and The Slips' page around a deck that the server fills with the member's first cards
// (server/src/pages/explore_page.hpp). The markup follows src/features/explore/ExplorePage.tsx,
// SwipeCard.tsx and src/features/shell/TabBar.tsx class for class, so that the app takes over
// without a jump; the icons are the app's own (src/ui/icons.tsx), drawn here by React's server
// renderer.
//
// What the server needs is marked in the page:
// - `<!--kesher:deck-->…<!--/kesher:deck-->`: the loading card, replaced by the cards when the
//   server has any;
// - `<template data-kesher-card>…</template>`: one card, in the template language of
//   server/src/pages/template.hpp (`{{field}}`, `{{#field}}…{{/field}}`, `{{^field}}…{{/field}}`),
//   taken out of the page and drawn once a card;
// - `<!--kesher:first-cards-->`: where the cards go as JSON (the explore reply's people), which
//   the app's deck starts from (src/features/explore/firstCards.ts).
// No test ids: the browser tests wait for the app's own page, whose buttons work.
// Anything about the member (their credits, their avatar) is left to the app: the tab bar's
// avatar is the app's silhouette until then.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Icon, SolidIcon, type IconName } from '../src/ui/icons';
import {
  PAGE_LANGUAGES,
  escapeHtml,
  interpolate,
  lookup,
  type PageLanguage,
  type Tree,
} from './landingPages';

export interface ExploreTexts {
  common: Tree;
  explore: Tree;
  people: Tree;
}

const icon = (name: IconName, size: number, strokeWidth?: number): string =>
  renderToStaticMarkup(createElement(Icon, { name, size, strokeWidth }));

const TABS: { to: string; icon: IconName; label: string }[] = [
  { to: '/explore', icon: 'slips', label: 'nav.explore' },
  { to: '/meet', icon: 'discover', label: 'nav.meet' },
  { to: '/stories', icon: 'story', label: 'nav.stories' },
  { to: '/contacts', icon: 'chat', label: 'nav.contacts' },
];

// Avatar.tsx's silhouette (a member without a photo, and everyone's until the app knows them).
const SILHOUETTE = (label: string) =>
  `<svg viewBox="0 0 48 48" role="img" aria-label="${label}"><rect width="48" height="48" fill="var(--color-brand-soft)"></rect>` +
  '<circle cx="24" cy="19" r="8.5" fill="#f4a3b7"></circle><path d="M8 46c1.6-8.8 8.2-14 16-14s14.4 5.2 16 14z" fill="#f4a3b7"></path></svg>';

function tabBar(texts: ExploreTexts): string {
  const t = (path: string) => escapeHtml(lookup(texts.common, path));
  const tabs = TABS.map(
    (tab) =>
      `<a class="tab-bar__item${tab.to === '/explore' ? ' active' : ''}" href="${tab.to}"${tab.to === '/explore' ? ' aria-current="page"' : ''}>` +
      `<span class="tab-bar__icon">${icon(tab.icon, 26)}</span>` +
      `<span class="tab-bar__label">${t(tab.label)}</span></a>`,
  ).join('');
  return (
    `<nav class="tab-bar tab-bar--light" aria-label="${t('nav.tabs')}">${tabs}` +
    '<a class="tab-bar__item" href="/profile"><span class="tab-bar__icon tab-bar__avatar">' +
    `<span class="avatar avatar--prerendered">${SILHOUETTE(t('a11y.photo'))}</span></span>` +
    `<span class="tab-bar__label">${t('nav.profile')}</span></a></nav>`
  );
}

/** SwipeCard.tsx for one person, with the server's template fields. The fields are the explore
 *  reply's Person (docs/protocol.md "Person") as the server turns them into text
 *  (server/src/modules/explore_page.cpp): `depth`, `id`, `name`, `age`, `photo` or `initials`,
 *  `virtual`, `many_photos` with `photos_count`, `online`, `place` (city), `distance`,
 *  `place_and_distance`, `any_place`, `bio`, and `language_he|en|de` for someone whose profile is
 *  in another language than the page's. */
export function cardTemplate(lang: PageLanguage, texts: ExploreTexts): string {
  const e = (tree: Tree, path: string, values: Record<string, string> = {}) =>
    escapeHtml(interpolate(lookup(tree, path), values));
  const languageBadges = PAGE_LANGUAGES.filter((other) => other.code !== lang.code)
    .map(
      (other) =>
        `{{#language_${other.code}}}<span class="language-badge swipe-card__language">` +
        `${icon('globe', 13, 2)}${e(texts.people, 'profileIn', { language: lookup(texts.people, `languageName.${other.code}`) })}</span>{{/language_${other.code}}}`,
    )
    .join('');
  return [
    '<article class="swipe-card swipe-card--depth-{{depth}}" data-person-id="{{id}}"',
    ` aria-label="${e(texts.people, 'nameAge', { name: '{{name}}', age: '{{age}}' })}"{{#behind}} aria-hidden="true" inert=""{{/behind}}>`,
    '{{#photo}}<img class="people-photo swipe-card__photo" src="{{photo}}" alt="" draggable="false" loading="eager"{{#top}} fetchpriority="high"{{/top}}>{{/photo}}',
    '{{^photo}}<span class="people-photo swipe-card__photo people-photo--placeholder people-photo--prerendered" aria-hidden="true"><span class="people-photo__initials">{{initials}}</span></span>{{/photo}}',
    '<span class="swipe-card__shade" aria-hidden="true"></span>',
    '<div class="swipe-card__top">',
    `{{#virtual}}<span class="virtual-badge swipe-card__virtual">${VIRTUAL_SHIELD}${e(texts.people, 'virtualBadge')}</span>{{/virtual}}`,
    `{{#many_photos}}<span class="swipe-card__count" aria-label="${e(texts.explore, 'photoCount', { n: '{{photos_count}}' })}">${icon('camera', 14, 2)}{{photos_count}}</span>{{/many_photos}}`,
    '</div>',
    '<div class="swipe-card__stamps" dir="ltr" aria-hidden="true">',
    `<span class="stamp stamp--like">${e(texts.explore, 'stampLike')}</span>`,
    `<span class="stamp stamp--nope">${e(texts.explore, 'stampNope')}</span></div>`,
    '<div class="swipe-card__info"><h2 class="swipe-card__name">',
    '<span class="swipe-card__first">{{name}}</span><span class="swipe-card__age">{{age}}</span>',
    `{{#online}}<span class="people-online-dot swipe-card__online" role="img" aria-label="${e(texts.people, 'online')}"></span>{{/online}}</h2>`,
    `{{#any_place}}<p class="swipe-card__place">${icon('pin', 15, 2)}{{#place}}\u2068{{place}}\u2069{{/place}}{{#place_and_distance}} · {{/place_and_distance}}`,
    `{{#distance}}${e(texts.people, 'distance', { km: '{{distance}}' })}{{/distance}}</p>{{/any_place}}`,
    languageBadges,
    '{{#bio}}<p class="swipe-card__bio" dir="auto">{{bio}}</p>{{/bio}}',
    `<button type="button" class="swipe-card__more" aria-label="${e(texts.explore, 'viewProfile', { name: '{{name}}' })}" tabindex="{{tabindex}}">`,
    '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path d="m6 14 6-6 6 6" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"></path></svg>',
    '</button></div></article>',
  ].join('');
}

// PersonBadges.tsx's VirtualBadge shield.
const VIRTUAL_SHIELD =
  '<svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">' +
  '<path d="M12 3 19.5 6v5.5c0 4.6-3.2 8-7.5 9.5-4.3-1.5-7.5-4.9-7.5-9.5V6z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"></path>' +
  '<path d="M12 8v5M12 16h.01" stroke="currentColor" stroke-width="2" stroke-linecap="round"></path></svg>';

const HEART =
  'M12 20.3s-7.8-4.8-9.7-9.4A5.1 5.1 0 0 1 12 6.1a5.1 5.1 0 0 1 9.7 4.8c-1.9 4.6-9.7 9.4-9.7 9.4z';

/** The page: MainLayout's narrow frame with the tab bar, The Slips around the server's deck. The
 *  buttons are inert until the app has taken over (they would do nothing before). */
export function exploreMarkup(lang: PageLanguage, texts: ExploreTexts): string {
  const e = (tree: Tree, path: string) => escapeHtml(lookup(tree, path));
  const passIcon =
    '<svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true" focusable="false"><path d="M6.5 6.5l11 11M17.5 6.5l-11 11" stroke="currentColor" stroke-width="2.8" stroke-linecap="round"></path></svg>';
  const skeleton =
    '<div class="swipe-card swipe-card--skeleton" aria-busy="true"><span class="swipe-card__photo skeleton"></span>' +
    '<span class="swipe-card__skeleton-lines"><span class="skeleton"></span><span class="skeleton"></span></span>' +
    `<span class="visually-hidden">${e(texts.explore, 'loading')}</span></div>`;
  return [
    '<div class="main-layout main-layout--narrow main-layout--with-tabbar" data-prerendered="">',
    '<main class="main-layout__page">',
    '<section class="explore" aria-labelledby="explore-title">',
    '<header class="explore__header"><h1 id="explore-title" class="explore__title">',
    `<span class="explore__title-icon" aria-hidden="true">${icon('slips', 20, 2)}</span>${e(texts.explore, 'title')}</h1>`,
    `<a class="explore__settings" href="/settings" aria-label="${e(texts.explore, 'searchSettings')}">${icon('settings', 22)}</a>`,
    '</header>',
    `<div class="explore__deck"><!--kesher:deck-->${skeleton}<!--/kesher:deck--></div>`,
    '<div class="explore__actions" dir="ltr" inert="">',
    `<button type="button" class="deck-btn deck-btn--pass" aria-label="${e(texts.explore, 'pass')}">${passIcon}</button>`,
    `<button type="button" class="deck-btn deck-btn--info" aria-label="${e(texts.explore, 'title')}">${icon('user', 22, 2)}</button>`,
    `<button type="button" class="deck-btn deck-btn--like" aria-label="${e(texts.explore, 'like')}">${renderToStaticMarkup(createElement(SolidIcon, { d: HEART, size: 34 }))}</button>`,
    '</div>',
    `<p class="explore__hint" aria-hidden="true"><kbd>←</kbd> ${e(texts.explore, 'pass')}<span class="explore__hint-sep">·</span><kbd>→</kbd> ${e(texts.explore, 'like')}</p>`,
    '</section></main>',
    tabBar(texts),
    `<template data-kesher-card>${cardTemplate(lang, texts)}</template>`,
    '<!--kesher:first-cards-->',
    '</div>',
  ].join('');
}
