// The offline page's script (/offline.js): shows the page in the visitor's language (the
// language cookie, else the browser's, else Hebrew) and retries when the connection is back.
// The build puts the strings (i18n/push/*.json "offline", and the brand) in place of the constant.

declare const __KESHER_OFFLINE_STRINGS__: Record<string, Record<string, string>>;

const STRINGS = __KESHER_OFFLINE_STRINGS__;

function pickLanguage(): string {
  const cookie = /(?:^|;\s*)language=([a-z]{2})/.exec(document.cookie)?.[1];
  if (cookie && cookie in STRINGS) return cookie;
  const browser = navigator.language.slice(0, 2).toLowerCase();
  return browser in STRINGS ? browser : 'he';
}

const language = pickLanguage();
const strings = STRINGS[language] ?? {};
document.documentElement.lang = language;
document.documentElement.dir = language === 'he' ? 'rtl' : 'ltr';
for (const element of document.querySelectorAll<HTMLElement>('[data-text]')) {
  const value = strings[element.dataset.text ?? ''];
  if (value) element.textContent = value;
}
if (strings.brand) document.title = `${strings.title ?? ''} · ${strings.brand}`;

const retry = () => location.reload();
document.querySelector('.offline__retry')?.addEventListener('click', retry);
window.addEventListener('online', retry);
