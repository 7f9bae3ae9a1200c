// The one way a picture reaches the server (docs/protocol.md "POST /upload"), shared by profile
// photos, chat images and stories. XMLHttpRequest rather than fetch: only it reports how much of
// the body has been sent, which the progress bars show.
import { ApiError, asSeconds, errorFromBody } from '../../app/apiError';
import { isUploadResponse } from '../../realtime/parse';
import type { UploadedMedia } from '../../realtime/protocol';
import type { MessageKey } from '../auth/errors';

export const UPLOAD_URL = '/upload';

/** Where a picture goes: the members' POST /upload by default. The staff console posts to its own
 *  endpoint with fields that must precede the file (docs/protocol.md, "POST /console/api/upload"). */
export interface UploadTarget {
  url: string;
  /** Form fields sent before the `file` part. */
  fields?: readonly (readonly [string, string])[];
  /** Which answered links to trust; by default the members' /media/ paths. */
  isMediaLink?: (link: string) => boolean;
}

/** The file input's `accept`: the types the server takes (spec §5). HEIC files often come with
 *  no MIME type, so their extensions are named too. */
export const ACCEPTED_PICTURE_TYPES =
  'image/png,image/jpeg,image/webp,image/heic,image/heif,.heic,.heif';

export interface UploadedPicture {
  /** The media link (display size, signed for the uploader for an hour): show it, and pass it
   *  as it is to user/photos/add, send_message or stories/add. */
  link: string;
  media: UploadedMedia;
}

// The server runs one upload per member at a time (409 upload_in_progress); so does this tab,
// whichever screen asks (spec §5: an upload is ignored while another runs).
let running = false;

/** Whether an upload is under way in this tab; a second one would be refused. */
export function isUploading(): boolean {
  return running;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

/** True for the rejection of an upload cancelled through its AbortSignal. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // A proxy's error page or an empty body: read as an unknown error below.
    return undefined;
  }
}

/**
 * Sends `file` as the multipart part `file` with the session cookie. Resolves with the media link;
 * rejects with an ApiError carrying the server's code (`network` set when it was never reached),
 * or with an AbortError when `signal` cancels it. An empty file and a second upload while one
 * runs are refused here, without a request, with the codes the server would answer.
 */
export function uploadPicture(
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
  target: UploadTarget = { url: UPLOAD_URL },
): Promise<UploadedPicture> {
  if (file.size === 0) return Promise.reject(new ApiError('missing_file'));
  if (running) return Promise.reject(new ApiError('upload_in_progress'));
  if (signal?.aborted) return Promise.reject(abortError());
  running = true;

  return new Promise<UploadedPicture>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = (outcome: () => void) => {
      running = false;
      signal?.removeEventListener('abort', onAbortSignal);
      outcome();
    };

    xhr.open('POST', target.url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(1, event.loaded / event.total));
      }
    });
    xhr.addEventListener('load', () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        settle(() => {
          if (!isUploadResponse(body, target.isMediaLink)) {
            reject(new ApiError('internal_error'));
            return;
          }
          onProgress?.(1);
          resolve({ link: body.data, media: body.media });
        });
        return;
      }
      const error = errorFromBody(body);
      // 503 server_busy names its wait in Retry-After.
      const retryAfter = asSeconds(Number(xhr.getResponseHeader('Retry-After') ?? NaN));
      settle(() =>
        reject(
          error.seconds === undefined && retryAfter !== undefined
            ? new ApiError(error.code, { field: error.field, seconds: retryAfter })
            : error,
        ),
      );
    });
    const networkFailure = () =>
      settle(() => reject(new ApiError('internal_error', { network: true })));
    xhr.addEventListener('error', networkFailure);
    xhr.addEventListener('timeout', networkFailure);
    xhr.addEventListener('abort', () => settle(() => reject(abortError())));
    signal?.addEventListener('abort', onAbortSignal, { once: true });

    const form = new FormData();
    for (const [name, value] of target.fields ?? []) form.append(name, value);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

const HEIF_TYPES = new Set([
  'image/heic',
  'image/heif',
  'image/heic-sequence',
  'image/heif-sequence',
]);
const PREVIEWABLE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
const PREVIEWABLE_EXTENSIONS = /\.(png|jpe?g|webp)$/i;

/**
 * Whether the browser can draw `file` before the server answers. HEIC and HEIF cannot be drawn by
 * most browsers: the UI shows a placeholder until the server's JPEG link arrives.
 */
export function canPreviewLocally(file: File): boolean {
  const type = file.type.toLowerCase();
  if (HEIF_TYPES.has(type) || /\.hei[cf]$/i.test(file.name)) return false;
  if (type) return PREVIEWABLE_TYPES.has(type);
  return PREVIEWABLE_EXTENSIONS.test(file.name);
}

/**
 * The message for a failed upload (spec §8), or null when there is nothing to tell: the member
 * cancelled, or another upload was running. The named refusals get their own text, a lost
 * connection the connection text, every other failure "Error uploading image".
 */
export function uploadErrorKey(error: unknown): MessageKey | null {
  if (isAbortError(error)) return null;
  if (!(error instanceof ApiError)) return { key: 'errors.upload_failed' };
  if (error.network) return { key: 'errors.network' };
  switch (error.code) {
    case 'upload_in_progress':
      return null;
    case 'invalid_file_type':
    case 'photo_limit_reached':
      return { key: `errors.${error.code}` };
    default:
      return { key: 'errors.upload_failed' };
  }
}
