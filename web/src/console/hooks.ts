import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode } from '../i18n/languages';
import type { LanguageCode } from '../realtime/protocol';
import type { MessageKey } from './refusals';
import type { Outcome } from './service';

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

/** Reads `load` now, whenever `load` changes (give a useCallback) and after `reload`; `onValue`
 *  gets what it answers. A reply that arrives after the screen moved on is dropped. */
export function useLoad<T>(load: () => Promise<Outcome<T>>, onValue: (value: T) => void) {
  const [error, setError] = useState<MessageKey | null>(null);
  const [version, setVersion] = useState(0);
  const loaded = useEffectEvent((outcome: Outcome<T>) => {
    setError(outcome.ok ? null : outcome.message);
    if (outcome.ok) onValue(outcome.value);
  });
  useEffect(() => {
    let live = true;
    void load().then((outcome) => {
      if (live) loaded(outcome);
    });
    return () => {
      live = false;
    };
  }, [load, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { error, reload };
}

/** One request at a time from a screen: whether it is under way, and what the server refused. */
export function useServiceCall() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<MessageKey | null>(null);
  const run = async <T>(call: () => Promise<Outcome<T>>): Promise<Outcome<T>> => {
    setBusy(true);
    const outcome = await call();
    setBusy(false);
    setError(outcome.ok ? null : outcome.message);
    return outcome;
  };
  return { busy, error, setError, run };
}

/** A change the admin confirms first: `ask` opens the confirmation for `what`, `run` makes the
 *  request and closes it, `reset` forgets both the confirmation and an earlier refusal. */
export function useConfirmedSave<P = true>() {
  const call = useServiceCall();
  const [pending, setPending] = useState<P | null>(null);
  const run = async <T>(request: () => Promise<Outcome<T>>): Promise<Outcome<T>> => {
    const outcome = await call.run(request);
    setPending(null);
    return outcome;
  };
  return {
    pending,
    busy: call.busy,
    error: call.error,
    setError: call.setError,
    ask: (what: P) => {
      call.setError(null);
      setPending(what);
    },
    cancel: () => setPending(null),
    reset: () => {
      setPending(null);
      call.setError(null);
    },
    run,
  };
}
export type ConfirmedSave<P = true> = ReturnType<typeof useConfirmedSave<P>>;
