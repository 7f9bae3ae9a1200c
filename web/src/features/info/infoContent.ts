// Shape of the structured translation data behind the information pages (i18n/info/*.json).
// The JSON holds only nested objects and strings (no arrays), so every language file keeps the
// same key structure and the i18n key test can compare them key by key. Object key order is the
// order in which blocks and sections are rendered.

/** A paragraph is a plain string; it may contain the link tags listed in InfoArticle (LINKS). */
export type InfoParagraph = string;

/** A bullet list: `{ "items": { "a": "…", "b": "…" } }`. */
export interface InfoList {
  items: Record<string, string>;
}

/** A titled sub-part of a section, rendered with an h3 (FAQ questions, sub-topics). */
export interface InfoSubsection {
  title: string;
  body: InfoBlocks;
}

export type InfoBlock = InfoParagraph | InfoList | InfoSubsection;
export type InfoBlocks = Record<string, InfoBlock>;

export interface InfoSection {
  title: string;
  body: InfoBlocks;
}

export interface InfoPageData {
  title: string;
  intro: InfoBlocks;
  sections: Record<string, InfoSection>;
}

export type InfoArea = 'privacy' | 'tos' | 'terms' | 'support';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasOnlyKeys(value: Record<string, unknown>, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((k) => own.includes(k));
}

export function isInfoList(value: unknown): value is InfoList {
  if (!isRecord(value) || !hasOnlyKeys(value, ['items'])) return false;
  const items = value['items'];
  return (
    isRecord(items) &&
    Object.keys(items).length > 0 &&
    Object.values(items).every((v) => typeof v === 'string')
  );
}

export function isInfoSubsection(value: unknown): value is InfoSubsection {
  return (
    isRecord(value) &&
    hasOnlyKeys(value, ['title', 'body']) &&
    typeof value['title'] === 'string' &&
    isInfoBlocks(value['body'])
  );
}

export function isInfoBlocks(value: unknown): value is InfoBlocks {
  return (
    isRecord(value) &&
    Object.values(value).every(
      (block) => typeof block === 'string' || isInfoList(block) || isInfoSubsection(block),
    )
  );
}

export function isInfoSection(value: unknown): value is InfoSection {
  return isInfoSubsection(value);
}

export function isInfoPageData(value: unknown): value is InfoPageData {
  if (!isRecord(value) || !hasOnlyKeys(value, ['title', 'intro', 'sections'])) return false;
  const sections = value['sections'];
  return (
    typeof value['title'] === 'string' &&
    isInfoBlocks(value['intro']) &&
    isRecord(sections) &&
    Object.keys(sections).length > 0 &&
    Object.values(sections).every(isInfoSection)
  );
}

/** The virtual-profile disclosure shown in a highlighted box (TOS, Terms, Support). */
export interface InfoDisclosureData {
  title: string;
  lead: string;
  points: Record<string, string>;
}

export function isInfoDisclosureData(value: unknown): value is InfoDisclosureData {
  if (!isRecord(value) || !hasOnlyKeys(value, ['title', 'lead', 'points'])) return false;
  const points = value['points'];
  return (
    typeof value['title'] === 'string' &&
    typeof value['lead'] === 'string' &&
    isRecord(points) &&
    Object.values(points).every((v) => typeof v === 'string')
  );
}
