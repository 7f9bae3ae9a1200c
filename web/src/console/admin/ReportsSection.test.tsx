import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyConsoleLanguage, initConsoleI18n } from '../i18n';
import { adminReport, renderWithService } from '../testing';
import { ReportsSection } from './ReportsSection';

beforeAll(() => {
  initConsoleI18n('en');
});

describe('the reports queue', () => {
  it('shows each reason as the app offered it, in the admin’s language, and other text as sent', async () => {
    const socket = renderWithService(<ReportsSection />);
    await waitFor(() => expect(socket.modules()).toContain('console/admin/reports/list'));
    act(() =>
      socket.reply('console/admin/reports/list', {
        request_status: 1,
        data: [
          adminReport({ id: 1, reason: 'harassment' }),
          adminReport({ id: 2, reason: 'scam' }),
          adminReport({ id: 3, reason: 'kept asking for my number' }),
        ],
      }),
    );
    const reasons = await screen.findAllByTestId('admin-report-reason');
    expect(reasons.map((r) => r.textContent)).toEqual([
      'Harassment or offensive messages',
      'Scam or asking for money',
      'kept asking for my number',
    ]);

    act(() => applyConsoleLanguage('de', false));
    expect(screen.getAllByTestId('admin-report-reason')[0]).toHaveTextContent(
      'Belästigung oder beleidigende Nachrichten',
    );
    act(() => applyConsoleLanguage('en', false));
  });
});
