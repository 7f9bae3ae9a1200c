import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode } from '../i18n/languages';
import type { LanguageCode } from '../realtime/protocol';
import type { MessageKey } from './refusals';

/** The clock, in ms, redrawn every `intervalMs`. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const handle = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(handle);
  }, [intervalMs]);
  return now;
}

/** The operator's language and a translator for stored messages. */
export function useConsoleT() {
  const { t, i18n } = useTranslation();
  const language: LanguageCode = isLanguageCode(i18n.language) ? i18n.language : 'he';
  const say = (message: MessageKey) => t(message.key, message.params ?? {});
  return { t, i18n, language, say };
}
