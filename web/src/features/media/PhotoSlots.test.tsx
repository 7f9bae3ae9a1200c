import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/apiError';
import { useAppStore } from '../../app/store';
import { realtime } from '../../realtime';
import type { PhotoEntry, Reply } from '../../realtime/protocol';
import { TEST_USER } from '../../realtime/testing';
import { setTestLanguage } from '../auth/testUtils';
import { PhotoSlots } from './PhotoSlots';
import { uploadPicture, type UploadedPicture } from './upload';

vi.mock('../../realtime', () => ({
  realtime: { request: vi.fn(), on: vi.fn(() => () => undefined) },
}));
vi.mock('./upload', async (original) => ({
  ...(await original<typeof import('./upload')>()),
  uploadPicture: vi.fn(),
}));

const request = vi.mocked(realtime.request);
const upload = vi.mocked(uploadPicture);

const photo = (id: number): PhotoEntry => ({
  id,
  photo: `/media/u/p${id}.jpg`,
  thumb: `/media/u/p${id}-t.jpg`,
});
const LINK = '/media/u/new.jpg?exp=1&sig=s';

/** The upload under way: report progress, then answer. */
let current: {
  progress: (fraction: number) => void;
  resolve: (picture: UploadedPicture) => void;
  reject: (error: unknown) => void;
} | null = null;

function serve(photos: PhotoEntry[] | null, code?: Reply['error_code']) {
  request.mockImplementation(async (module) => {
    if (!photos) return { module, request_status: 0, error_code: code } as Reply;
    return {
      module,
      request_status: 1,
      request_details: { photo_id: photos.at(-1)?.id ?? 0, photos },
    } as Reply;
  });
}

const slots = () => screen.getAllByTestId('photo-slot');
const states = () => slots().map((slot) => slot.getAttribute('data-state'));
const input = () => screen.getByTestId('photo-input');
const jpeg = (name = 'me.jpg') =>
  new File([new Uint8Array([0xff, 0xd8])], name, { type: 'image/jpeg' });

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  request.mockReset();
  upload.mockReset();
  current = null;
  upload.mockImplementation(
    (_file, onProgress) =>
      new Promise<UploadedPicture>((resolve, reject) => {
        current = { progress: (f) => onProgress?.(f), resolve, reject };
      }),
  );
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn(() => 'blob:preview'),
      revokeObjectURL: vi.fn(),
    }),
  );
  useAppStore.setState({ user: { ...TEST_USER, id: 12, photos: [], photo: null }, language: 'en' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PhotoSlots', () => {
  it('opens the first slot only: the main photo comes first, each next slot waits', () => {
    render(<PhotoSlots count={6} />);
    expect(states()).toEqual(['open', 'locked', 'locked', 'locked', 'locked', 'locked']);
    expect(within(slots()[0] as HTMLElement).getByRole('button')).toHaveTextContent(
      'Add your main photo',
    );
    for (const slot of slots().slice(1)) {
      expect(within(slot).getByRole('button')).toBeDisabled();
    }
    expect(within(slots()[1] as HTMLElement).getByRole('button')).toHaveAccessibleName(
      'Photo 2: add the photos before it first',
    );
    expect(input()).toHaveAttribute(
      'accept',
      'image/png,image/jpeg,image/webp,image/heic,image/heif,.heic,.heif',
    );
  });

  it('shows the next open slot after the photos, the first as the main photo', () => {
    useAppStore.setState({ user: { ...TEST_USER, photos: [photo(1), photo(2)] } });
    render(<PhotoSlots count={6} />);
    expect(states()).toEqual(['photo', 'photo', 'open', 'locked', 'locked', 'locked']);
    const images = screen.getAllByTestId('photo-slot-image');
    // The large main slot shows the display size, the others their thumbnails.
    expect(images.map((img) => img.getAttribute('src'))).toEqual([
      '/media/u/p1.jpg',
      '/media/u/p2-t.jpg',
    ]);
    expect(slots()[0]).toHaveTextContent('Main photo');
    expect(within(slots()[2] as HTMLElement).getByRole('button')).toHaveTextContent('Add a photo');
  });

  it('uploads into the open slot with a preview and progress, then saves it to the profile', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<PhotoSlots count={6} />);
    const file = jpeg();
    await user.upload(input(), file);

    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]?.[0]).toBe(file);
    expect(states()).toEqual(['uploading', 'locked', 'locked', 'locked', 'locked', 'locked']);
    expect(screen.getByTestId('photo-slot-preview')).toHaveAttribute('src', 'blob:preview');
    const bar = screen.getByTestId('photo-slot-progress');
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(bar).toHaveAccessibleName('Uploading photo 1');

    act(() => current?.progress(0.42));
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(slots()[0]).toHaveTextContent('42%');

    const saved = [{ id: 31, photo: '/media/u/p31.jpg', thumb: '/media/u/p31-t.jpg' }];
    let answer: (reply: Reply) => void = () => undefined;
    request.mockImplementation(() => new Promise<Reply>((resolve) => (answer = resolve)));
    await act(async () =>
      current?.resolve({ link: LINK, media: { id: 'n', width: 9, height: 9 } }),
    );
    // The server's JPEG replaces the preview while it is saved to the profile.
    expect(screen.getByTestId('photo-slot-preview')).toHaveAttribute('src', LINK);
    expect(slots()[0]).toHaveTextContent('Almost done…');
    expect(request).toHaveBeenCalledWith('user/photos/add', { user_id: 12, photo: LINK });

    await act(async () =>
      answer({
        module: 'user/photos/add',
        request_status: 1,
        request_details: { photo_id: 31, photos: saved },
      } as Reply),
    );
    // The session user follows: the side column, profile page and tab bar show it at once.
    expect(useAppStore.getState().user).toMatchObject({ photos: saved, photo: '/media/u/p31.jpg' });
    expect(states()).toEqual(['photo', 'open', 'locked', 'locked', 'locked', 'locked']);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
    rerender(<PhotoSlots count={6} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a placeholder for a HEIC until the server’s JPEG arrives', async () => {
    const user = userEvent.setup();
    render(<PhotoSlots count={6} />);
    await user.upload(
      input(),
      new File([new Uint8Array([1])], 'IMG_1.HEIC', { type: 'image/heic' }),
    );
    expect(screen.getByTestId('photo-slot-placeholder')).toHaveTextContent('Preparing your photo…');
    expect(screen.queryByTestId('photo-slot-preview')).toBeNull();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    serve([photo(5)]);
    await act(async () =>
      current?.resolve({ link: LINK, media: { id: 'n', width: 9, height: 9 } }),
    );
    await waitFor(() => expect(states()[0]).toBe('photo'));
  });

  it('ignores a second file while one is on its way, and a change without a file', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<PhotoSlots count={6} />);
    await user.upload(input(), jpeg('a.jpg'));
    await user.upload(input(), jpeg('b.jpg'));
    await user.upload(input(), []);
    expect(upload).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  const failures: [string, unknown, string][] = [
    [
      'a refused file type',
      new ApiError('invalid_file_type'),
      'Invalid file type, please try again',
    ],
    ['a corrupt image', new ApiError('invalid_image'), 'Error uploading image'],
    ['a picture too large', new ApiError('image_too_large'), 'Error uploading image'],
    ['a busy server', new ApiError('server_busy'), 'Error uploading image'],
  ];
  for (const [what, error, text] of failures) {
    it(`says so after ${what}, and opens the slot again`, async () => {
      const user = userEvent.setup();
      render(<PhotoSlots count={6} />);
      await user.upload(input(), jpeg());
      await act(async () => current?.reject(error));
      expect(screen.getByRole('alert')).toHaveTextContent(text);
      expect(states()[0]).toBe('open');
      expect(request).not.toHaveBeenCalled();
    });
  }

  it('says "You can have up to 6 photos" when the server refuses one more', async () => {
    const user = userEvent.setup();
    render(<PhotoSlots count={6} />);
    await user.upload(input(), jpeg());
    serve(null, 'photo_limit_reached');
    await act(async () =>
      current?.resolve({ link: LINK, media: { id: 'n', width: 9, height: 9 } }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('You can have up to 6 photos');
  });

  it('deletes a photo only after the confirmation, and the next one moves up', async () => {
    useAppStore.setState({
      user: { ...TEST_USER, photos: [photo(1), photo(2), photo(3)], photo: '/media/u/p1.jpg' },
    });
    const user = userEvent.setup();
    render(<PhotoSlots count={6} />);
    const deletes = () => screen.getAllByTestId('photo-slot-delete');
    expect(deletes()[1]).toHaveAccessibleName('Delete photo 2');

    await user.click(deletes()[1] as HTMLElement);
    let dialog = screen.getByRole('alertdialog', { name: 'Delete this photo?' });
    expect(dialog).toHaveTextContent('It will be removed from your profile right away.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(request).not.toHaveBeenCalled();

    // The main photo's confirmation says what takes its place.
    serve([photo(2), photo(3)]);
    await user.click(deletes()[0] as HTMLElement);
    dialog = screen.getByRole('alertdialog', { name: 'Delete this photo?' });
    expect(dialog).toHaveTextContent('This is your main photo.');
    await user.click(within(dialog).getByTestId('confirm-accept'));
    expect(request).toHaveBeenCalledWith('user/photos/delete', { id: 1 });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(useAppStore.getState().user).toMatchObject({
      photos: [photo(2), photo(3)],
      photo: '/media/u/p2.jpg',
    });
    expect(states()).toEqual(['photo', 'photo', 'open', 'locked', 'locked', 'locked']);
  });

  it('keeps the confirmation open with the reason when the delete fails', async () => {
    useAppStore.setState({ user: { ...TEST_USER, photos: [photo(1)] } });
    request.mockRejectedValue(new Error('socket lost'));
    const user = userEvent.setup();
    render(<PhotoSlots count={6} />);
    await user.click(screen.getByTestId('photo-slot-delete'));
    await user.click(screen.getByTestId('confirm-accept'));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent("We couldn't reach Kesher");
    expect(useAppStore.getState().user?.photos).toEqual([photo(1)]);
  });
});
