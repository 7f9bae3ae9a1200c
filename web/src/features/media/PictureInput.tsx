import type { RefObject } from 'react';
import { ACCEPTED_PICTURE_TYPES } from './upload';

interface PictureInputProps {
  /** A visible button opens the system's picker with inputRef.current.click(). */
  inputRef: RefObject<HTMLInputElement | null>;
  onPick: (file: File) => void;
  testId: string;
}

/** The hidden file input behind a "choose a picture" button, for the types the server takes. */
export function PictureInput({ inputRef, onPick, testId }: PictureInputProps) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={ACCEPTED_PICTURE_TYPES}
      className="visually-hidden"
      tabIndex={-1}
      aria-hidden="true"
      onChange={(event) => {
        const file = event.target.files?.[0];
        // The same file may be chosen again, after a failure or for another message.
        event.target.value = '';
        if (file) onPick(file);
      }}
      data-testid={testId}
    />
  );
}
