import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { initConsoleI18n } from '../i18n';
import { adminMemberDetail, renderWithService } from '../testing';
import { MemberDetail } from './MemberDetail';

beforeAll(() => {
  initConsoleI18n('en');
});

const exportDocument = {
  format: 'kesher-export/1',
  generated_at: 1_795_330_000,
  profile: { id: 12, email: 'dana@example.com', name: 'Dana', credits: 700 },
  messages: [],
};

/** Dana's page (member 12) over a fake socket, loaded. */
async function openMember() {
  const onErased = vi.fn();
  const socket = renderWithService(
    <MemberDetail memberId={12} onBack={() => undefined} onErased={onErased} />,
  );
  await waitFor(() => expect(socket.modules()).toContain('console/admin/members/get'));
  act(() =>
    socket.reply('console/admin/members/get', { request_status: 1, data: adminMemberDetail() }),
  );
  await screen.findByTestId('admin-privacy');
  return { socket, onErased, user: userEvent.setup() };
}

/** Catches the file the page offers: the Blob behind the link, and the link's file name. */
function catchDownloads() {
  onTestFinished(() => {
    vi.restoreAllMocks();
  });
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:test/1';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return { blobs, names };
}

describe('a member’s data in the admin console', () => {
  it('exports the member’s document as a JSON file named after them', async () => {
    const { socket, user } = await openMember();
    const downloads = catchDownloads();
    await user.click(screen.getByTestId('admin-export'));
    expect(socket.lastFrame('console/admin/members/export')).toMatchObject({ member_id: 12 });
    act(() =>
      socket.reply('console/admin/members/export', {
        request_status: 1,
        data: { export: exportDocument },
      }),
    );

    expect(await screen.findByRole('status')).toHaveTextContent(
      'The export was saved as kesher-member-12-export.json.',
    );
    expect(downloads.names).toEqual(['kesher-member-12-export.json']);
    const [file] = downloads.blobs;
    expect(downloads.blobs).toHaveLength(1);
    expect(file?.type).toBe('application/json');
    expect(JSON.parse((await file?.text()) ?? '')).toEqual(exportDocument);
  });

  it('says so when the member is gone, and downloads nothing', async () => {
    const { socket, user } = await openMember();
    const downloads = catchDownloads();
    await user.click(screen.getByTestId('admin-export'));
    act(() =>
      socket.reply('console/admin/members/export', {
        request_status: 0,
        error_code: 'not_found',
        field: 'member_id',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This member no longer exists: the account has been erased.',
    );
    expect(downloads.names).toEqual([]);
  });

  it('erases only with a reason and the member named, then shows them erased', async () => {
    const { socket, user, onErased } = await openMember();
    await user.click(screen.getByTestId('admin-erase'));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Erase Dana’s account?');
    const confirm = within(dialog).getByTestId('admin-confirm');
    expect(confirm).toBeDisabled();

    await user.type(within(dialog).getByTestId('admin-erase-reason'), 'Asked by mail  on 2 Dec');
    await user.type(within(dialog).getByTestId('admin-erase-name'), 'Dan');
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByTestId('admin-erase-name'));
    await user.type(within(dialog).getByTestId('admin-erase-name'), ' dana ');
    expect(confirm).toBeEnabled();
    await user.clear(within(dialog).getByTestId('admin-erase-name'));
    await user.type(within(dialog).getByTestId('admin-erase-name'), '12');
    await user.click(confirm);

    expect(socket.lastFrame('console/admin/members/erase')).toMatchObject({
      member_id: 12,
      reason: 'Asked by mail on 2 Dec',
    });
    act(() =>
      socket.reply('console/admin/members/erase', {
        request_status: 1,
        data: { member_id: 12, erased: true },
      }),
    );
    expect(await screen.findByTestId('admin-erased')).toHaveTextContent('Erased');
    expect(screen.getByRole('status')).toHaveTextContent('The account is erased.');
    expect(screen.queryByTestId('admin-privacy')).toBeNull();
    expect(screen.queryByTestId('admin-ban')).toBeNull();
    expect(onErased).toHaveBeenCalledTimes(1);
  });

  it('keeps the member when the erasure is refused', async () => {
    const { socket, user, onErased } = await openMember();
    await user.click(screen.getByTestId('admin-erase'));
    const dialog = screen.getByRole('alertdialog');
    await user.type(within(dialog).getByTestId('admin-erase-reason'), 'Asked by mail');
    await user.type(within(dialog).getByTestId('admin-erase-name'), 'Dana');
    await user.click(within(dialog).getByTestId('admin-confirm'));
    act(() =>
      socket.reply('console/admin/members/erase', {
        request_status: 0,
        error_code: 'invalid_value',
        field: 'reason',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Some of this is not valid.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByTestId('admin-erased')).toBeNull();
    expect(screen.getByTestId('admin-privacy')).toBeInTheDocument();
    expect(onErased).not.toHaveBeenCalled();
  });
});
