import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Reply } from '../../realtime/protocol';
import RegisterPage from './RegisterPage';
import { REGISTER_STORAGE_KEY, useRegisterStore } from './registerStore';
import * as shell from './shellMock';
import { jsonResponse, renderAt, setTestLanguage } from './testUtils';

vi.mock('./shell', () => import('./shellMock'));
// The slots have their own tests (features/media); here they only report an upload under way.
vi.mock('../media/PhotoSlots', () => ({
  PhotoSlots: ({ onBusyChange }: { onBusyChange?: (busy: boolean) => void }) => (
    <div data-testid="photo-slots">
      <button type="button" onClick={() => onBusyChange?.(true)}>
        start upload
      </button>
      <button type="button" onClick={() => onBusyChange?.(false)}>
        end upload
      </button>
    </div>
  ),
}));

const fetchMock = vi.fn<typeof fetch>();
const TEL_AVIV = { place_id: 293397, description: 'Tel Aviv-Yafo, Israel' };

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
  shell.realtime.request.mockReset();
  shell.realtime.request.mockImplementation(
    async (module) => ({ module, request_status: 1, data: [TEL_AVIV] }) as Reply,
  );
  shell.realtime.reconnect.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const step = () => screen.getByTestId('register-form').getAttribute('data-step');
const next = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByTestId('register-continue'));

/** Opens the account step (8) of a draft whose earlier steps are all filled in. */
function renderAccountStepOfAvi(password: string) {
  useRegisterStore.setState({
    step: 8,
    gender: 1,
    sGender: 2,
    name: 'Avi',
    birthDay: 1,
    birthMonth: 1,
    birthYear: 1990,
    place: TEL_AVIV,
    answer: 1,
    email: 'avi@example.com',
    password,
  });
  const user = userEvent.setup();
  renderAt('/register', '/register', <RegisterPage />);
  return user;
}

describe('RegisterPage', () => {
  it('walks the steps, creates the account on the eighth, then offers photos', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/register', '/register', <RegisterPage />);

    // 1: gender is required.
    expect(screen.getByTestId('register-step-gender')).toBeInTheDocument();
    await next(user);
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose one');
    await user.click(screen.getByTestId('register-gender-woman'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await next(user);

    // 2: looking for.
    expect(step()).toBe('2');
    await user.click(screen.getByTestId('register-looking-men'));
    await next(user);

    // 3: the default range is fine.
    expect(screen.getByTestId('register-age-value')).toHaveTextContent('25 – 40');
    await next(user);

    // 4: the name is sanitised while typing.
    const name = screen.getByTestId('register-name');
    expect(name).toHaveAttribute('maxlength', '24');
    expect(name).toHaveAttribute('autocomplete', 'given-name');
    await user.type(name, 'Da#na 42');
    expect(name).toHaveValue('Dana ');
    await next(user);

    // 5: 31 April is refused, then a real date passes.
    expect(step()).toBe('5');
    await user.selectOptions(screen.getByTestId('register-birth-month'), '4');
    await user.selectOptions(screen.getByTestId('register-birth-year'), '1990');
    await user.selectOptions(screen.getByTestId('register-birth-day'), '30');
    // April offers 30 days only.
    expect(screen.queryByRole('option', { name: '31' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByTestId('register-birth-month'), '5');
    await user.selectOptions(screen.getByTestId('register-birth-day'), '31');
    await user.selectOptions(screen.getByTestId('register-birth-month'), '6');
    await next(user);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid day');
    await user.selectOptions(screen.getByTestId('register-birth-day'), '17');
    await next(user);

    // Back keeps what was entered, the age range as it was shown too.
    expect(step()).toBe('6');
    await user.click(screen.getByTestId('register-back'));
    expect(screen.getByTestId('register-birth-day')).toHaveValue('17');
    await user.click(screen.getByTestId('register-back'));
    expect(screen.getByTestId('register-name')).toHaveValue('Dana ');
    await user.click(screen.getByTestId('register-back'));
    expect(screen.getByTestId('register-age-value')).toHaveTextContent('25 – 40');
    await next(user);
    await next(user);
    await next(user);

    // 6: a place must be picked from the search.
    await next(user);
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose your city from the list');
    await user.type(screen.getByTestId('register-place-input'), 'Tel');
    const option = await screen.findByTestId('register-place-option');
    expect(shell.realtime.request).toHaveBeenLastCalledWith('search_location', {
      search: 'Tel',
      lang: 'en',
    });
    await user.click(option);
    expect(screen.getByTestId('register-place-selected')).toBeInTheDocument();
    await next(user);

    // 7: main reason.
    await user.click(screen.getByTestId('register-answer-3'));
    await next(user);

    // 8: email and password; the legal text links to the policies.
    expect(screen.getByTestId('register-privacy-link')).toHaveAttribute('href', '/privacy');
    expect(screen.getByTestId('register-terms-link')).toHaveAttribute(
      'href',
      '/terms-and-conditions',
    );
    expect(screen.getByTestId('register-legal')).toHaveTextContent(/analysis/);
    await user.type(screen.getByTestId('register-email'), 'dana@example');
    await user.type(screen.getByTestId('register-password'), 'short');
    await user.click(screen.getByTestId('register-create-account'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText(/doesn't look right/)).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.type(screen.getByTestId('register-email'), '.com');
    await user.type(screen.getByTestId('register-password'), ' and long');

    // The draft survives in sessionStorage, the password never does.
    const stored = sessionStorage.getItem(REGISTER_STORAGE_KEY) ?? '';
    expect(stored).toContain('dana@example.com');
    expect(stored).not.toContain('short and long');
    expect(stored).not.toContain('password');

    // Sending step 8 creates the account. The server says the email is taken: it stays there.
    expect(screen.queryByTestId('register-continue')).toBeNull();
    fetchMock.mockResolvedValueOnce(jsonResponse(409, { error_code: 'email_taken' }));
    await user.click(screen.getByTestId('register-create-account'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Email already registered, please try again',
    );
    expect(step()).toBe('8');
    expect(screen.getByTestId('register-password')).toHaveValue('short and long');
    expect(shell.useAppStore.getState().finishingRegistration).toBe(false);

    await user.clear(screen.getByTestId('register-email'));
    await user.type(screen.getByTestId('register-email'), 'dana2@example.com');
    const created = shell.makeUser({ id: 77 });
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { user: created }));
    await user.click(screen.getByTestId('register-create-account'));

    // 9: photos, as the new member: signed in, the socket reconnected, the draft gone, and
    // /register kept open for the step. Nothing leads back to the account step.
    await waitFor(() => expect(step()).toBe('9'));
    expect(screen.getByTestId('register-step-photo')).toBeInTheDocument();
    expect(screen.getByTestId('photo-slots')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
    expect(shell.useAppStore.getState()).toMatchObject({
      user: created,
      finishingRegistration: true,
    });
    expect(shell.realtime.reconnect).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(REGISTER_STORAGE_KEY)).toBeNull();
    expect(screen.queryByTestId('register-back')).toBeNull();
    expect(screen.getByTestId('register-progress')).toHaveAttribute('aria-valuenow', '9');
    // Honest encouragement, no invented statistics.
    expect(screen.getByTestId('register-step-photo')).not.toHaveTextContent('%');
    expect(screen.getByTestId('register-step-photo')).toHaveTextContent('3 or 4 more');

    await user.click(screen.getByTestId('register-skip-photo'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore'));
    expect(shell.useAppStore.getState().finishingRegistration).toBe(false);

    const body = JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1]?.body)) as Record<
      string,
      unknown
    >;
    // The range shown on step 3 is the one saved: nothing re-centred it after the birth date.
    expect(body).toEqual({
      email: 'dana2@example.com',
      password: 'short and long',
      name: 'Dana',
      gender: 2,
      s_gender: 1,
      s_age: '25,40',
      birth_year: 1990,
      birth_month: 6,
      birth_day: 17,
      place_id: 293397,
      answer: 3,
      language: 'en',
    });
    expect(document.body.textContent).not.toContain('⟦');
  }, 20_000); // nine steps of typed input: slow on a busy 2-core machine, not a hang

  it('sends an underage answer from the server to the birth date step', async () => {
    const user = renderAccountStepOfAvi('long enough');
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { error_code: 'underage' }));
    await user.click(screen.getByTestId('register-create-account'));
    await waitFor(() => expect(step()).toBe('5'));
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum age to register is 18');
  });

  it('after a reload on the account step asks for the password again', async () => {
    const user = renderAccountStepOfAvi('');
    await user.click(screen.getByTestId('register-create-account'));
    expect(step()).toBe('8');
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the network text when the server cannot be reached', async () => {
    const user = renderAccountStepOfAvi('long enough');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(screen.getByTestId('register-create-account'));
    expect(await screen.findByTestId('register-error-form')).toHaveTextContent(
      "We couldn't reach Kesher",
    );
    expect(step()).toBe('8');
    expect(shell.useAppStore.getState().finishingRegistration).toBe(false);
  });

  it('brings a draft saved past the account step back to it', () => {
    useRegisterStore.setState({ step: 9 });
    renderAt('/register', '/register', <RegisterPage />);
    expect(step()).toBe('8');
    expect(screen.getByTestId('register-step-account')).toBeInTheDocument();
  });

  it('offers Continue once a photo is in, and neither button while an upload runs', async () => {
    const user = userEvent.setup();
    shell.useAppStore.setState({
      user: shell.makeUser(),
      authenticated: true,
      finishingRegistration: true,
    });
    const { router, unmount } = renderAt('/register', '/register', <RegisterPage />);
    expect(step()).toBe('9');
    expect(screen.getByTestId('register-skip-photo')).toHaveTextContent('Skip for now');
    expect(screen.queryByTestId('register-finish')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'start upload' }));
    expect(screen.getByTestId('register-skip-photo')).toBeDisabled();
    act(() =>
      shell.useAppStore.setState({
        user: shell.makeUser({
          photos: [{ id: 1, photo: '/media/u/a.jpg', thumb: '/media/u/a-t.jpg' }],
        }),
      }),
    );
    expect(screen.getByTestId('register-finish')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'end upload' }));
    expect(screen.getByTestId('register-finish')).toHaveTextContent('Continue');
    expect(screen.getByTestId('register-finish')).toBeEnabled();
    await user.click(screen.getByTestId('register-finish'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore'));
    expect(shell.useAppStore.getState().finishingRegistration).toBe(false);
    unmount();
  });

  it('ends the photo step when the page is left another way', () => {
    shell.useAppStore.setState({ user: shell.makeUser(), finishingRegistration: true });
    const { unmount } = renderAt('/register', '/register', <RegisterPage />);
    expect(step()).toBe('9');
    unmount();
    expect(shell.useAppStore.getState().finishingRegistration).toBe(false);
  });

  it('uses Hebrew letters for the name in Hebrew', async () => {
    await setTestLanguage('he');
    shell.useAppStore.setState({ language: 'he' });
    useRegisterStore.setState({ step: 4 });
    const user = userEvent.setup();
    const { unmount } = renderAt('/register', '/register', <RegisterPage />);
    const name = screen.getByTestId('register-name');
    await user.type(name, 'Dana דנה');
    expect(name).toHaveValue('דנה');
    expect(screen.getByTestId('register-continue')).toHaveTextContent('המשיכו');
    expect(document.body.textContent).not.toContain('⟦');
    unmount();
    await setTestLanguage('en');
  });
});
