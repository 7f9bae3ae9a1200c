// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/apiError';
import type { ErrorCode } from '../../realtime/protocol';
import {
  ACCEPTED_PICTURE_TYPES,
  canPreviewLocally,
  isAbortError,
  isUploading,
  uploadErrorKey,
  uploadPicture,
} from './upload';

/** A stand-in for XMLHttpRequest that records what was sent and lets the test answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static count = 0;
  method = '';
  url = '';
  withCredentials = false;
  responseType = '';
  responseText = '';
  status = 0;
  body: unknown = null;
  headers: Record<string, string> = {};
  responseHeaders: Record<string, string> = {};
  aborted = false;
  private listeners = new Map<string, (() => void)[]>();
  private uploadListeners: ((event: ProgressEvent) => void)[] = [];
  upload = {
    addEventListener: (_type: string, listener: (event: ProgressEvent) => void) => {
      this.uploadListeners.push(listener);
    },
  };

  constructor() {
    FakeXhr.last = this;
    FakeXhr.count += 1;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name] ?? null;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.emit('abort');
  }

  progress(loaded: number, total: number, lengthComputable = true) {
    const event = { loaded, total, lengthComputable } as ProgressEvent;
    for (const listener of this.uploadListeners) listener(event);
  }
  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.responseHeaders = headers;
    this.emit('load');
  }
  fail() {
    this.emit('error');
  }
  private emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

function xhr(): FakeXhr {
  if (!FakeXhr.last) throw new Error('no request was made');
  return FakeXhr.last;
}

const jpeg = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'me.jpg', { type: 'image/jpeg' });
const OK_BODY = {
  data: '/media/u/Zk3Q.jpg?exp=1795333600&sig=abc',
  media: { id: 'Zk3Q', width: 1280, height: 960 },
};

beforeEach(() => {
  FakeXhr.last = null;
  FakeXhr.count = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadPicture', () => {
  it('posts the file as the multipart part "file" with credentials and resolves the link', async () => {
    const file = jpeg();
    const pending = uploadPicture(file);
    const request = xhr();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/upload');
    expect(request.withCredentials).toBe(true);
    expect(request.body).toBeInstanceOf(FormData);
    const sent = (request.body as FormData).get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('me.jpg');
    request.respond(200, OK_BODY);
    await expect(pending).resolves.toEqual({ link: OK_BODY.data, media: OK_BODY.media });
  });

  it('posts to another target with its fields before the file, trusting only its links', async () => {
    const target = {
      url: '/console/api/upload',
      fields: [['persona_id', '41']] as const,
      isMediaLink: (link: string) => link.startsWith('/console/media/'),
    };
    const pending = uploadPicture(jpeg(), undefined, undefined, target);
    expect(xhr().url).toBe('/console/api/upload');
    const form = xhr().body as FormData;
    expect([...form.keys()]).toEqual(['persona_id', 'file']);
    expect(form.get('persona_id')).toBe('41');
    xhr().respond(200, OK_BODY);
    await expect(pending).rejects.toEqual(new ApiError('internal_error'));

    const second = uploadPicture(jpeg(), undefined, undefined, target);
    const link = '/console/media/u/Zk3Q.jpg?exp=1&sig=abc';
    xhr().respond(200, { ...OK_BODY, data: link });
    await expect(second).resolves.toMatchObject({ link });
  });

  it('reports the share of the body sent, and 1 once the server answered', async () => {
    const onProgress = vi.fn();
    const pending = uploadPicture(jpeg(), onProgress);
    xhr().progress(25, 100);
    xhr().progress(10, 0, false);
    xhr().progress(100, 100);
    xhr().respond(200, OK_BODY);
    await pending;
    expect(onProgress.mock.calls.map(([fraction]) => fraction)).toEqual([0.25, 1, 1]);
  });

  const serverErrors: [number, ErrorCode][] = [
    [400, 'invalid_file_type'],
    [400, 'invalid_image'],
    [400, 'image_too_large'],
    [400, 'missing_file'],
    [413, 'payload_too_large'],
    [415, 'unsupported_media_type'],
    [401, 'not_authenticated'],
    [403, 'origin_forbidden'],
    [409, 'upload_in_progress'],
    [503, 'server_busy'],
  ];
  for (const [status, code] of serverErrors) {
    it(`rejects ${status} ${code} with that code`, async () => {
      const pending = uploadPicture(jpeg());
      xhr().respond(status, { error_code: code, message: 'm' });
      const error = await pending.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe(code);
      expect((error as ApiError).network).toBe(false);
    });
  }

  it('takes the wait of server_busy from Retry-After', async () => {
    const pending = uploadPicture(jpeg());
    xhr().respond(503, { error_code: 'server_busy' }, { 'Retry-After': '1' });
    await expect(pending).rejects.toMatchObject({ code: 'server_busy', seconds: 1 });
  });

  it('reads an unreadable error page, or a success without a link, as internal_error', async () => {
    const first = uploadPicture(jpeg());
    xhr().respond(502, '<html>Bad gateway</html>');
    await expect(first).rejects.toMatchObject({ code: 'internal_error', network: false });
    const second = uploadPicture(jpeg());
    xhr().respond(200, { data: 'https://elsewhere.example/x.jpg', media: OK_BODY.media });
    await expect(second).rejects.toMatchObject({ code: 'internal_error', network: false });
  });

  it('tells a network failure apart from a refusal', async () => {
    const pending = uploadPicture(jpeg());
    xhr().fail();
    await expect(pending).rejects.toMatchObject({ code: 'internal_error', network: true });
    expect(isUploading()).toBe(false);
  });

  it('refuses an empty file without a request', async () => {
    const empty = new File([], 'empty.jpg', { type: 'image/jpeg' });
    await expect(uploadPicture(empty)).rejects.toMatchObject({ code: 'missing_file' });
    expect(FakeXhr.count).toBe(0);
  });

  it('runs one upload at a time, and takes the next once the first has ended', async () => {
    const first = uploadPicture(jpeg());
    expect(isUploading()).toBe(true);
    await expect(uploadPicture(jpeg())).rejects.toMatchObject({ code: 'upload_in_progress' });
    expect(FakeXhr.count).toBe(1);
    xhr().respond(200, OK_BODY);
    await first;
    expect(isUploading()).toBe(false);
    const next = uploadPicture(jpeg());
    expect(FakeXhr.count).toBe(2);
    xhr().respond(200, OK_BODY);
    await expect(next).resolves.toMatchObject({ link: OK_BODY.data });
  });

  it('cancels through its AbortSignal', async () => {
    const controller = new AbortController();
    const pending = uploadPicture(jpeg(), undefined, controller.signal);
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(xhr().aborted).toBe(true);
    expect(isAbortError(error)).toBe(true);
    expect(isUploading()).toBe(false);
  });
});

describe('canPreviewLocally', () => {
  const file = (name: string, type: string) => new File([new Uint8Array([1])], name, { type });

  it('draws PNG, JPEG and WebP, and leaves HEIC and HEIF to the server', () => {
    expect(canPreviewLocally(file('a.png', 'image/png'))).toBe(true);
    expect(canPreviewLocally(file('a.jpg', 'image/jpeg'))).toBe(true);
    expect(canPreviewLocally(file('a.webp', 'image/webp'))).toBe(true);
    expect(canPreviewLocally(file('a.heic', 'image/heic'))).toBe(false);
    expect(canPreviewLocally(file('a.heif', 'image/heif'))).toBe(false);
  });

  it('knows HEIC by its name when the browser gives no type', () => {
    expect(canPreviewLocally(file('IMG_0001.HEIC', ''))).toBe(false);
    expect(canPreviewLocally(file('IMG_0001.jpeg', ''))).toBe(true);
    expect(canPreviewLocally(file('notes.txt', ''))).toBe(false);
  });

  it('accepts in the picker exactly the server’s types', () => {
    expect(ACCEPTED_PICTURE_TYPES.split(',')).toEqual([
      'image/png',
      'image/jpeg',
      'image/webp',
      'image/heic',
      'image/heif',
      '.heic',
      '.heif',
    ]);
  });
});

describe('uploadErrorKey', () => {
  it('gives the spec §8 texts', () => {
    expect(uploadErrorKey(new ApiError('invalid_file_type'))).toEqual({
      key: 'errors.invalid_file_type',
    });
    expect(uploadErrorKey(new ApiError('photo_limit_reached'))).toEqual({
      key: 'errors.photo_limit_reached',
    });
    for (const code of [
      'invalid_image',
      'image_too_large',
      'missing_file',
      'server_busy',
    ] as const) {
      expect(uploadErrorKey(new ApiError(code))).toEqual({ key: 'errors.upload_failed' });
    }
    expect(uploadErrorKey(new ApiError('internal_error', { network: true }))).toEqual({
      key: 'errors.network',
    });
  });

  it('says nothing of a cancelled upload or one refused because another runs', () => {
    expect(uploadErrorKey(new DOMException('x', 'AbortError'))).toBeNull();
    expect(uploadErrorKey(new ApiError('upload_in_progress'))).toBeNull();
  });
});
