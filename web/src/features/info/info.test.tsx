import { render, screen, within } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import type { ComponentType } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { buildResources } from '../../i18n/allResources';
import type { LanguageCode } from '../../realtime/protocol';
import { isInfoDisclosureData, isInfoPageData, isInfoSection } from './infoContent';
import PrivacyPage from './PrivacyPage';
import SupportPage from './SupportPage';
import TermsPage from './TermsPage';
import TosPage from './TosPage';

const resources = buildResources();

function makeI18n(language: LanguageCode): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: false,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}

function renderPage(Page: ComponentType, language: LanguageCode) {
  const i18n = makeI18n(language);
  const view = render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <Page />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return { i18n, view };
}

/** The info area of one language, as loaded through buildResources(). */
function infoTree(language: LanguageCode): unknown {
  return resources[language].translation['info'];
}

function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
}

function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(leaves);
}

const FIRST_SECTION = { tos: 'service', terms: 'scope', support: 'faq' } as const;
const LANGS: readonly LanguageCode[] = ['he', 'en'];
const PAGES = [
  ['privacy', PrivacyPage],
  ['tos', TosPage],
  ['terms', TermsPage],
  ['support', SupportPage],
] as const;

describe('info translation data', () => {
  it('has the same key structure in he, en and de', () => {
    const en = keyPaths(infoTree('en')).sort();
    expect(en.length).toBeGreaterThan(100);
    expect(keyPaths(infoTree('he')).sort()).toEqual(en);
    expect(keyPaths(infoTree('de')).sort()).toEqual(en);
  });

  it.each(['he', 'en', 'de'] as const)('matches the page shapes in %s', (language) => {
    const i18n = makeI18n(language);
    for (const area of ['privacy', 'tos', 'terms', 'support']) {
      expect(isInfoPageData(i18n.t(`info.${area}`, { returnObjects: true }))).toBe(true);
    }
    expect(isInfoDisclosureData(i18n.t('info.disclosure', { returnObjects: true }))).toBe(true);
    expect(isInfoSection(i18n.t('info.contact', { returnObjects: true }))).toBe(true);
  });

  it('has real Hebrew and German text, not English placeholders', () => {
    const en = leaves(infoTree('en'));
    const he = leaves(infoTree('he'));
    const de = leaves(infoTree('de'));
    // Every Hebrew string holds Hebrew letters, and no he/de string is copied from English
    // (short technical strings such as cookie names aside).
    for (const text of he) expect(text).toMatch(/[\u05d0-\u05ea]/);
    const copied = (texts: string[]) => texts.filter((t, i) => t === en[i] && t.length > 30);
    expect(copied(he)).toEqual([]);
    expect(copied(de)).toEqual([]);
  });
});

describe('the support FAQ says what exists now', () => {
  // Features that do not exist yet: the lucky wheel, push-notification credits, credit packages
  // and payments. The FAQ must not describe them as if they did.
  const NOT_YET: Record<LanguageCode, RegExp> = {
    en: /wheel|push|package|payment provider|card number/i,
    he: /גלגל המזל|התראות פוש|חבילות|ספק הסליקה|מספר הכרטיס/,
    de: /Glücksrad|Push|Paket|Zahlungsanbieter|Kartennummer/i,
  };

  it.each(['he', 'en', 'de'] as const)('%s: no wheel, push credits, packages or payments', (l) => {
    const faq = leaves((infoTree(l) as { support: unknown }).support);
    expect(faq.filter((text) => NOT_YET[l].test(text))).toEqual([]);
  });

  it.each(['he', 'en', 'de'] as const)('%s: the real prices and the signup credits', (l) => {
    const i18n = makeI18n(l);
    const credits = i18n.t('info.support.sections.faq.body.credits.body.p1');
    // docs/protocol.md: a text costs 50 credits, sending needs 50, signup gives 200.
    expect(credits).toMatch(/\b50\b/);
    expect(credits).toMatch(/\b200\b/);
    // Neither credits nor premium can be bought yet.
    expect(i18n.t('info.support.sections.faq.body.buying.title')).not.toBe('');
  });
});

describe('the brand in Hebrew', () => {
  it('is written קשר, never in Latin letters, on every information page', () => {
    const he = leaves(infoTree('he'));
    expect(he.filter((text) => /Kesher/.test(text))).toEqual([]);
    expect(he.some((text) => /קשר בע"מ/.test(text))).toBe(true);
  });
});

describe.each(LANGS)('info pages in %s', (language) => {
  it.each(PAGES)('%s renders an article with a title and the last-updated date', (area, Page) => {
    const { i18n } = renderPage(Page, language);
    const article = screen.getByRole('article');
    expect(
      within(article).getByRole('heading', { level: 1, name: i18n.t(`info.${area}.title`) }),
    ).toBeInTheDocument();
    const time = article.querySelector('time');
    expect(time).toHaveAttribute('dateTime', '2026-11-22');
    expect(time?.textContent).toMatch(/2026/);
    expect(time?.textContent).toMatch(/22/);
    // No raw translation keys or link tags leak into the page.
    expect(article.textContent).not.toMatch(/info\.\w+\.|<\/?\w+mail>|<\/?\w+link>/);
  });

  it.each([
    ['tos', TosPage],
    ['terms', TermsPage],
    ['support', SupportPage],
  ] as const)('%s shows the virtual-profile disclosure in a highlighted box', (area, Page) => {
    const { i18n } = renderPage(Page, language);
    const lead = i18n.t('info.disclosure.lead');
    const box = screen.getByRole('complementary', { name: i18n.t('info.disclosure.title') });
    expect(box).toHaveClass('info-disclosure');
    expect(within(box).getByText(lead)).toBeInTheDocument();
    expect(within(box).getByText(i18n.t('info.disclosure.points.meetings'))).toBeInTheDocument();
    expect(lead).toMatch(language === 'he' ? /פרופילים וירטואליים/ : /virtual profiles/);
    // The box comes before the first section of the page, i.e. at the top.
    const firstSection = document.getElementById(`${area}-${FIRST_SECTION[area]}`);
    expect(firstSection).not.toBeNull();
    expect(
      box.compareDocumentPosition(firstSection as Node) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('privacy page says that data is collected for analysis', () => {
    const { i18n } = renderPage(PrivacyPage, language);
    const analysis = i18n.t('info.privacy.sections.purposes.body.list.items.analysis');
    expect(analysis).toMatch(language === 'he' ? /ניתוח/ : /analysis/);
    expect(screen.getByText(analysis)).toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  it('privacy page has a table of contents linking to every section', () => {
    renderPage(PrivacyPage, language);
    const toc = screen.getByRole('navigation');
    const links = within(toc).getAllByRole('link');
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) {
      const id = link.getAttribute('href')?.slice(1) ?? '';
      expect(document.getElementById(id)).not.toBeNull();
    }
  });

  it('support page links to password reset and shows the contact block', () => {
    const { i18n } = renderPage(SupportPage, language);
    const reset = screen.getAllByRole('link').find((a) => a.getAttribute('href') === '/reset');
    expect(reset).toBeDefined();
    const contact = screen.getByRole('region', { name: i18n.t('info.contact.title') });
    expect(within(contact).getByRole('link', { name: 'support@kesher.example' })).toHaveAttribute(
      'href',
      'mailto:support@kesher.example',
    );
    expect(contact.textContent).toMatch(/48/);
  });
});
