import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguageCode, PlaceSuggestion } from '../../realtime/protocol';
import { searchPlaces } from './api';
import { SolidIcon } from '../../ui/icons';
import { FieldError } from './FieldError';
import './PlaceSearch.css';

/** Long enough to skip most keystrokes of a fast typist, short enough to feel instant. */
export const PLACE_SEARCH_DEBOUNCE_MS = 250;
// docs/protocol.md: search_location refuses texts longer than this.
const SEARCH_MAX = 64;

type Status = 'idle' | 'loading' | 'done' | 'error';

interface PlaceSearchProps {
  id: string;
  label: string;
  value: PlaceSuggestion | null;
  onChange: (place: PlaceSuggestion | null) => void;
  language: LanguageCode;
  error?: string | null;
  /** Prefix of the data-testids: <testId>-input, <testId>-option, <testId>-selected. */
  testId?: string;
  autoFocus?: boolean;
}

/**
 * A typeahead over search_location. Picking a suggestion is the only way to set a value, since
 * the server needs a place_id; typing after a pick clears it again.
 */
export function PlaceSearch({
  id,
  label,
  value,
  onChange,
  language,
  error,
  testId = 'place',
  autoFocus,
}: PlaceSearchProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [query, setQuery] = useState(value?.description ?? '');
  const [results, setResults] = useState<PlaceSuggestion[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<number | undefined>(undefined);
  // Only the newest request may fill the list; slower, older replies are dropped.
  const sequence = useRef(0);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  function search(text: string) {
    const mine = ++sequence.current;
    setStatus('loading');
    void searchPlaces(text, language).then((places) => {
      if (mine !== sequence.current) return;
      if (places) {
        setResults(places);
        setStatus('done');
      } else {
        setResults([]);
        setStatus('error');
      }
      setActive(-1);
    });
  }

  function handleInput(text: string) {
    setQuery(text);
    if (value) onChange(null);
    window.clearTimeout(timer.current);
    const trimmed = text.trim().slice(0, SEARCH_MAX);
    if (trimmed === '') {
      sequence.current += 1;
      setResults([]);
      setStatus('idle');
      setOpen(false);
      return;
    }
    setOpen(true);
    timer.current = window.setTimeout(() => search(trimmed), PLACE_SEARCH_DEBOUNCE_MS);
  }

  function pick(place: PlaceSuggestion) {
    window.clearTimeout(timer.current);
    sequence.current += 1;
    setQuery(place.description);
    setOpen(false);
    setActive(-1);
    onChange(place);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && results.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % results.length);
    } else if (event.key === 'ArrowUp' && results.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? results.length - 1 : i - 1));
    } else if (event.key === 'Enter' && open) {
      // Enter inside an open list picks; it must not submit the surrounding form.
      const choice = results[active] ?? (results.length === 1 ? results[0] : undefined);
      if (choice) {
        event.preventDefault();
        pick(choice);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  const showList = open && query.trim() !== '';
  const activeId = active >= 0 ? `${listId}-${active}` : undefined;

  return (
    <div className="field place-search">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="place-search-box">
        <span className="place-search-icon" aria-hidden="true">
          <SolidIcon d={PIN} size={18} />
        </span>
        <input
          id={id}
          className="input place-search-input"
          type="text"
          role="combobox"
          value={query}
          onChange={(e) => handleInput(e.target.value)}
          onKeyDown={handleKeyDown}
          onFocus={() => {
            if (!value && results.length > 0) setOpen(true);
          }}
          onBlur={() => setOpen(false)}
          placeholder={t('auth.place.placeholder')}
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={`${testId}-input`}
          data-selected={value ? 'true' : 'false'}
          autoFocus={autoFocus}
        />
        {value ? (
          <span
            className="place-search-check"
            data-testid={`${testId}-selected`}
            title={t('auth.place.selected')}
          >
            <SolidIcon d={CHECK} size={20} />
            <span className="visually-hidden">{t('auth.place.selected')}</span>
          </span>
        ) : null}
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          className="place-search-list"
          hidden={!showList}
        >
          {status === 'loading' && results.length === 0 ? (
            <li className="place-search-note" role="presentation">
              {t('auth.place.searching')}
            </li>
          ) : null}
          {status === 'done' && results.length === 0 ? (
            <li className="place-search-note" role="presentation" data-testid={`${testId}-empty`}>
              {t('auth.place.none')}
            </li>
          ) : null}
          {status === 'error' ? (
            <li className="place-search-note" role="presentation">
              {t('auth.place.failed')}
            </li>
          ) : null}
          {results.map((place, index) => (
            <li
              key={place.place_id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className="place-search-option"
              data-testid={`${testId}-option`}
              data-place-id={place.place_id}
              // mousedown, not click: the input's blur would close the list before a click lands.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(place);
              }}
            >
              <SolidIcon d={PIN} size={18} />
              <span>{place.description}</span>
            </li>
          ))}
        </ul>
      </div>
      <FieldError fieldId={id} error={error} />
    </div>
  );
}

const PIN =
  'M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z';
const CHECK = 'm9.5 16.2-4.2-4.2-1.4 1.4 5.6 5.6 11-11-1.4-1.4z';
