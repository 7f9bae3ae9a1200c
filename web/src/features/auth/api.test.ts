// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, errorFromBody } from '../../app/apiError';
import { login, logout, recover, register, reset } from './api';
import { makeUser } from './shellMock';

const fetchMock = vi.fn<typeof fetch>();

function respond(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('auth api', () => {
  it('posts JSON with same-origin credentials and returns the user', async () => {
    const user = makeUser();
    respond(200, { user });
    await expect(login({ email: 'dana@example.com', password: 'secret123' })).resolves.toEqual(
      user,
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/login');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'dana@example.com',
      password: 'secret123',
    });
  });

  it('register answers the user of a 201', async () => {
    const user = makeUser({ id: 99 });
    respond(201, { user });
    const got = await register({
      email: 'a@b.co',
      password: '12345678',
      name: 'Dana',
      gender: 2,
      s_gender: 1,
      s_age: '25,40',
      birth_year: 1994,
      birth_month: 5,
      birth_day: 17,
      place_id: 1,
      answer: 1,
      language: 'en',
    });
    expect(got.id).toBe(99);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/register');
  });

  it('turns an error body into an ApiError with field and seconds', async () => {
    respond(409, { error_code: 'email_taken', message: 'taken' });
    const taken = await register({} as never).catch((e: unknown) => e);
    expect(taken).toBeInstanceOf(ApiError);
    expect(taken).toMatchObject({ code: 'email_taken', network: false });

    respond(429, { error_code: 'too_many_attempts', retry_after: 42 });
    await expect(login({ email: 'a@b.co', password: 'x' })).rejects.toMatchObject({
      code: 'too_many_attempts',
      seconds: 42,
    });

    respond(429, { error_code: 'recovery_throttled', seconds: 17.2 });
    await expect(recover({ email: 'a@b.co', language: 'he' })).rejects.toMatchObject({
      code: 'recovery_throttled',
      seconds: 18,
    });

    respond(400, { error_code: 'missing_field', field: 'email' });
    await expect(login({ email: '', password: '' })).rejects.toMatchObject({
      code: 'missing_field',
      field: 'email',
    });
  });

  it('maps unreadable or unknown errors to internal_error', async () => {
    respond(502, '<html>Bad gateway</html>');
    await expect(logout()).rejects.toMatchObject({ code: 'internal_error', network: false });
    expect(errorFromBody({ error_code: 'made_up' }).code).toBe('internal_error');
    expect(errorFromBody(null).code).toBe('internal_error');
  });

  it('maps a network failure to internal_error marked as network', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(logout()).rejects.toMatchObject({ code: 'internal_error', network: true });
  });

  it('recover returns the wait seconds', async () => {
    respond(200, { ok: true, wait_seconds: 60 });
    await expect(recover({ email: 'a@b.co', language: 'de' })).resolves.toEqual({
      wait_seconds: 60,
    });
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'a@b.co',
      language: 'de',
    });
  });

  it('reset and logout resolve on ok', async () => {
    respond(200, { ok: true });
    await expect(reset({ token: 't', password: '12345678' })).resolves.toBeUndefined();
    respond(200, { ok: true });
    await expect(logout()).resolves.toBeUndefined();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/auth/reset', '/api/auth/logout']);
  });

  it('refuses a 2xx without a user', async () => {
    respond(200, { ok: true });
    await expect(login({ email: 'a@b.co', password: '12345678' })).rejects.toMatchObject({
      code: 'internal_error',
    });
  });
});
