import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LandingPage from './LandingPage';
import { forgetMemberFigure, memberLineKey, parseMemberStats } from './memberCount';
import * as shell from './shellMock';
import { jsonResponse, renderAt, setTestLanguage } from './testUtils';

vi.mock('./shell', () => import('./shellMock'));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  forgetMemberFigure();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Lets the answer's promise chain run out inside act. */
const settle = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

async function renderIn(language: 'he' | 'en' | 'de') {
  await setTestLanguage(language);
  shell.useAppStore.setState({ user: null, authenticated: false, language });
  renderAt('/', '/', <LandingPage />);
  await settle();
}

describe('the landing’s member count', () => {
  it('shows the server’s figure with "over" when the real count is above it', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { members: 1200, over: true }));
    await renderIn('en');
    await waitFor(() =>
      expect(screen.getByTestId('landing-members')).toHaveTextContent(
        'Over 1,200 registered members',
      ),
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/stats/members', expect.anything());
  });

  it('says the figure without "over" when it is the exact count', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { members: 100000, over: false }));
    await renderIn('de');
    await waitFor(() =>
      expect(screen.getByTestId('landing-members')).toHaveTextContent(
        '100.000 registrierte Mitglieder',
      ),
    );
    expect(screen.getByTestId('landing-members')).not.toHaveTextContent('Über');
  });

  it('writes the Hebrew line', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { members: 350, over: true }));
    await renderIn('he');
    await waitFor(() =>
      expect(screen.getByTestId('landing-members')).toHaveTextContent('יותר מ־350 חברים רשומים'),
    );
  });

  it('shows no count under a hundred members or when the server cannot say', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { members: null, over: false }));
    await renderIn('en');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await settle();
    expect(screen.getByTestId('landing-members')).toBeEmptyDOMElement();

    forgetMemberFigure();
    fetchMock.mockRejectedValue(new TypeError('offline'));
    await renderIn('en');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await settle();
    for (const line of screen.getAllByTestId('landing-members')) expect(line).toBeEmptyDOMElement();
    // No figure from the build: the old claim is gone from every language.
    expect(document.body).not.toHaveTextContent('100,000');
  });
});

describe('parseMemberStats', () => {
  it('takes only a positive whole count', () => {
    expect(parseMemberStats({ members: 1200, over: true })).toEqual({ members: 1200, over: true });
    expect(parseMemberStats({ members: 1200 })).toEqual({ members: 1200, over: false });
    expect(parseMemberStats({ members: null, over: false })).toBeNull();
    expect(parseMemberStats({ members: '1200', over: true })).toBeNull();
    expect(parseMemberStats({ members: 12.5, over: true })).toBeNull();
    expect(parseMemberStats({ members: -3, over: true })).toBeNull();
    expect(parseMemberStats(null)).toBeNull();
    expect(parseMemberStats('1200')).toBeNull();
  });

  it('chooses the wording by "over"', () => {
    expect(memberLineKey({ over: true })).toBe('auth.landing.membersOver');
    expect(memberLineKey({ over: false })).toBe('auth.landing.members');
  });
});
