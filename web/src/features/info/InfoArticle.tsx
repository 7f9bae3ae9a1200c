// Shared renderer for the information pages (/privacy, /tos, /terms-and-conditions, /support).
// Each page is structured translation data under info.<area> (see infoContent.ts); this file
// turns it into an <article> with headings, sections, an optional table of contents and the
// highlighted virtual-profile disclosure. It renders only the article: the surrounding "pages"
// layout (header, language picker, footer) belongs to the app shell.
import type { ReactElement, ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { languageInfo } from '../../i18n/languages';
import {
  isInfoDisclosureData,
  isInfoPageData,
  isInfoSection,
  type InfoArea,
  type InfoBlocks,
} from './infoContent';
import './info.css';

/** Date of the current version of all four pages (ISO, shown localised). */
export const INFO_LAST_UPDATED = '2026-11-22';
export const PRIVACY_EMAIL = 'privacy@kesher.example';
export const SUPPORT_EMAIL = 'support@kesher.example';

// The only markup a translation may contain: these named tags, rendered by <Trans> as the
// elements below. Translations are never injected as HTML.
const LINKS: Record<string, ReactElement> = {
  privacymail: <a href={`mailto:${PRIVACY_EMAIL}`} dir="ltr" />,
  supportmail: <a href={`mailto:${SUPPORT_EMAIL}`} dir="ltr" />,
  resetlink: <Link to="/reset" />,
  privacylink: <Link to="/privacy" />,
  toslink: <Link to="/tos" />,
  termslink: <Link to="/terms-and-conditions" />,
  supportlink: <Link to="/support" />,
};

function Text({ i18nKey }: { i18nKey: string }) {
  return <Trans i18nKey={i18nKey} components={LINKS} />;
}

function formatUpdated(language: string): string {
  const [year, month, day] = INFO_LAST_UPDATED.split('-').map(Number);
  return new Intl.DateTimeFormat(languageInfo(language).locale, {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 2026, (month ?? 1) - 1, day ?? 1)));
}

function Blocks({ blocks, path, level }: { blocks: InfoBlocks; path: string; level: 3 | 4 }) {
  return Object.entries(blocks).map(([key, block]) => {
    const blockPath = `${path}.${key}`;
    if (typeof block === 'string') {
      return (
        <p key={key}>
          <Text i18nKey={blockPath} />
        </p>
      );
    }
    if ('items' in block) {
      return (
        <ul key={key} className="info-list">
          {Object.keys(block.items).map((item) => (
            <li key={item}>
              <Text i18nKey={`${blockPath}.items.${item}`} />
            </li>
          ))}
        </ul>
      );
    }
    const Heading = level === 3 ? 'h3' : 'h4';
    return (
      <div key={key} className="info-subsection">
        <Heading>{block.title}</Heading>
        <Blocks blocks={block.body} path={`${blockPath}.body`} level={4} />
      </div>
    );
  });
}

/** The highlighted disclosure about virtual profiles (translation data under info.disclosure). */
export function InfoDisclosure({ id }: { id: string }) {
  const { t } = useTranslation();
  const data: unknown = t('info.disclosure', { returnObjects: true });
  if (!isInfoDisclosureData(data)) {
    console.error('info: translation data info.disclosure has the wrong shape');
    return null;
  }
  return (
    <aside className="info-disclosure" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="info-disclosure-title">
        {data.title}
      </h2>
      <p className="info-disclosure-lead">{data.lead}</p>
      <ul className="info-list">
        {Object.keys(data.points).map((point) => (
          <li key={point}>
            <Text i18nKey={`info.disclosure.points.${point}`} />
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** One standalone section (title and blocks) taken from any translation prefix. */
export function InfoSectionBox({
  prefix,
  id,
  className,
}: {
  prefix: string;
  id: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const data: unknown = t(prefix, { returnObjects: true });
  if (!isInfoSection(data)) {
    console.error(`info: translation data ${prefix} has the wrong shape`);
    return null;
  }
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={className ?? 'info-section'}>
      <h2 id={`${id}-title`}>{data.title}</h2>
      <Blocks blocks={data.body} path={`${prefix}.body`} level={3} />
    </section>
  );
}

export interface InfoArticleProps {
  area: InfoArea;
  /** Show a table of contents (for the long pages). */
  toc?: boolean;
  /** Show the virtual-profile disclosure box at the top. */
  disclosure?: boolean;
  /** Rendered at the end of the article (e.g. the support contact block). */
  children?: ReactNode;
}

export function InfoArticle({ area, toc = false, disclosure = false, children }: InfoArticleProps) {
  const { t, i18n } = useTranslation();
  const prefix = `info.${area}`;
  const data: unknown = t(prefix, { returnObjects: true });
  const titleId = `${area}-title`;

  if (!isInfoPageData(data)) {
    console.error(`info: translation data ${prefix} has the wrong shape`);
    return (
      <article className="info-article" aria-labelledby={titleId}>
        <h1 id={titleId}>{t(`${prefix}.title`)}</h1>
      </article>
    );
  }

  const sections = Object.entries(data.sections);
  return (
    <article className="info-article" aria-labelledby={titleId}>
      <header className="info-header">
        <h1 id={titleId}>{data.title}</h1>
        <p className="info-updated">
          {t('info.common.updated')}{' '}
          <time dateTime={INFO_LAST_UPDATED}>
            {formatUpdated(i18n.resolvedLanguage ?? i18n.language)}
          </time>
        </p>
      </header>

      {disclosure && <InfoDisclosure id={`${area}-disclosure`} />}

      <div className="info-intro">
        <Blocks blocks={data.intro} path={`${prefix}.intro`} level={3} />
      </div>

      {toc && (
        <nav className="info-toc" aria-labelledby={`${area}-toc-title`}>
          <h2 id={`${area}-toc-title`} className="info-toc-title">
            {t('info.common.toc')}
          </h2>
          <ol>
            {sections.map(([key, section]) => (
              <li key={key}>
                <a href={`#${area}-${key}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}

      {sections.map(([key, section]) => {
        const id = `${area}-${key}`;
        return (
          <section key={key} id={id} aria-labelledby={`${id}-title`} className="info-section">
            <h2 id={`${id}-title`}>{section.title}</h2>
            <Blocks blocks={section.body} path={`${prefix}.sections.${key}.body`} level={3} />
          </section>
        );
      })}

      {children}
    </article>
  );
}
