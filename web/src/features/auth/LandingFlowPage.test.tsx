import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegisterRequest } from '../../realtime/protocol';
import LandingFlowPage from './LandingFlowPage';
import { FLOWS } from './registerFlows';
import { useRegisterStore } from './registerStore';
import * as shell from './shellMock';
import { jsonResponse, renderAt, setTestLanguage } from './testUtils';

vi.mock('./shell', () => import('./shellMock'));
vi.mock('../media/PhotoSlots', () => ({ PhotoSlots: () => <div data-testid="photo-slots" /> }));

const fetchMock = vi.fn<typeof fetch>();
const TEL_AVIV = { place_id: 293397, description: 'Tel Aviv-Yafo, Israel' };
const step = () => screen.getByTestId('register-form').getAttribute('data-step');

/** The landing flow with the core steps filled in, at its first extras step (8). */
function renderLandingAtExtras(path = '/landing') {
  useRegisterStore.setState({
    flow: path === '/landing-blue' ? 'landing-blue' : 'landing',
    step: 8,
    gender: 2,
    sGender: 1,
    name: 'Maya',
    birthDay: 1,
    birthMonth: 1,
    birthYear: 1990,
    place: TEL_AVIV,
    answer: 1,
    email: 'maya@example.com',
    password: 'correct horse',
  });
  const user = userEvent.setup();
  renderAt(path, path, <LandingFlowPage />);
  return user;
}

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  sessionStorage.clear();
  useRegisterStore.getState().reset();
  shell.useAppStore.setState({
    user: null,
    authenticated: false,
    language: 'en',
    finishingRegistration: false,
  });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LandingFlowPage', () => {
  it('runs the 15 steps on /landing and the 10 for German visitors', async () => {
    renderAt('/landing', '/landing', <LandingFlowPage />);
    expect(screen.getByTestId('register-form')).toHaveAttribute('data-steps', '15');
    expect(screen.getByText('Step 1 of 15')).toBeInTheDocument();
    await setTestLanguage('de');
    shell.useAppStore.setState({ language: 'de' });
    await waitFor(() =>
      expect(screen.getByTestId('register-form')).toHaveAttribute('data-steps', '10'),
    );
    await setTestLanguage('en');
  });

  it('asks the extras, skips one, and sends the answers with the registration', async () => {
    const user = renderLandingAtExtras();
    expect(await screen.findByRole('heading', { name: 'What are you looking for?' })).toBeVisible();
    await user.click(screen.getByTestId('register-extra-relationship_goal-long_term'));
    await user.click(screen.getByTestId('register-continue'));
    // 9: height, skipped.
    expect(step()).toBe('9');
    await user.selectOptions(await screen.findByTestId('register-extra-height'), '171');
    await user.click(screen.getByTestId('register-skip'));
    expect(step()).toBe('10');
    expect(useRegisterStore.getState().extras).toEqual({ relationship_goal: 'long_term' });
    // 10: family, two questions on one step.
    expect(await screen.findByRole('heading', { name: 'Children and family' })).toBeVisible();
    await user.click(screen.getByTestId('register-extra-children-none'));
    await user.click(screen.getByTestId('register-extra-family_plans-open'));
    for (let n = 10; n < FLOWS.landing.steps.indexOf('account') + 1; n += 1) {
      await user.click(screen.getByTestId('register-continue'));
    }
    expect(step()).toBe('14');
    fetchMock.mockResolvedValueOnce(
      jsonResponse(201, { user: { id: 5, name: 'Maya', photos: [], extras: {} } }),
    );
    await user.click(screen.getByTestId('register-create-account'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as RegisterRequest;
    expect(body.extras).toEqual({
      relationship_goal: 'long_term',
      children: 'none',
      family_plans: 'open',
    });
  });

  it('sends a refused extra back to the step that asks it', async () => {
    useRegisterStore.setState({ extras: { smoke: 'never' } });
    const user = renderLandingAtExtras();
    useRegisterStore.setState({ step: 14 });
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, {
        error_code: 'invalid_extra',
        field: 'extras.smoke',
        reason: 'unknown_option',
      }),
    );
    await user.click(await screen.findByTestId('register-create-account'));
    await waitFor(() => expect(step()).toBe(String(FLOWS.landing.steps.indexOf('habits') + 1)));
    expect(await screen.findByRole('heading', { name: 'What about habits?' })).toBeVisible();
  });

  it('draws /landing-blue in blue, with 25 steps', () => {
    renderLandingAtExtras('/landing-blue');
    expect(screen.getByTestId('landing-flow-landing-blue')).toHaveAttribute('data-theme', 'blue');
    expect(screen.getByTestId('register-form')).toHaveAttribute('data-steps', '25');
  });

  it('puts the flow on the ads-landing layout', () => {
    renderAt('/landing?layout=ads', '/landing', <LandingFlowPage />);
    expect(screen.getByTestId('ads-landing')).toHaveAttribute('data-layout', 'ads');
    expect(screen.getByTestId('register-step-gender')).toBeInTheDocument();
  });
});
