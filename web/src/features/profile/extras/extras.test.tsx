import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../app/store';
import { realtime } from '../../../realtime';
import type { Reply, User } from '../../../realtime/protocol';
import { TEST_USER } from '../../../realtime/testing';
import { setTestLanguage } from '../../auth/testUtils';
import {
  answeredExtras,
  checkExtra,
  EXTRA_FIELDS,
  extraField,
  extrasChange,
  extrasForRequest,
  MAX_INTERESTS,
} from './catalog';
import ExtrasEditor from './ExtrasEditor';
import ExtrasSummary from './ExtrasSummary';
import { buildResources } from '../../../i18n/allResources';

vi.mock('../../../realtime', () => ({
  realtime: { request: vi.fn(), on: vi.fn(() => () => undefined) },
}));
const request = vi.mocked(realtime.request);

describe('the extras catalogue', () => {
  it('has the sixteen fields of spec §3 and 23 industries', () => {
    expect(EXTRA_FIELDS).toHaveLength(16);
    expect(extraField('industry').options).toHaveLength(23);
  });

  it('has a text for every field and option in he, en and de', () => {
    const resources = buildResources();
    for (const code of ['he', 'en', 'de'] as const) {
      const extras = resources[code].translation.extras as Record<string, unknown>;
      const fields = extras.fields as Record<
        string,
        { label: string; question: string; options?: Record<string, string> }
      >;
      for (const field of EXTRA_FIELDS) {
        const texts = fields[field.id];
        expect(texts?.label, `${code} ${field.id}`).toBeTruthy();
        expect(texts?.question, `${code} ${field.id}`).toBeTruthy();
        expect(Object.keys(texts?.options ?? {}).sort(), `${code} ${field.id}`).toEqual(
          [...field.options].sort(),
        );
      }
    }
  });

  it('checks answers as the server does', () => {
    expect(checkExtra('smoke', 'never')).toBeNull();
    expect(checkExtra('smoke', 'cigars')).toBe('unknown_option');
    expect(checkExtra('smoke', 3)).toBe('wrong_type');
    expect(checkExtra('height', 120)).toBeNull();
    expect(checkExtra('height', 231)).toBe('out_of_range');
    expect(checkExtra('height', 170.5)).toBe('wrong_type');
    const eleven = extraField('interests').options.slice(0, MAX_INTERESTS + 1);
    expect(checkExtra('interests', eleven)).toBe('too_many');
    expect(checkExtra('interests', eleven.slice(0, MAX_INTERESTS))).toBeNull();
    expect(checkExtra('interests', ['music', 'skydiving'])).toBe('unknown_option');
  });

  it('shows and sends only valid answers, in catalogue order', () => {
    const extras = { smoke: 'nope', height: 180, interests: ['wine', 'music'], drink: 'often' };
    expect(answeredExtras(extras).map((a) => a.field.id)).toEqual(['height', 'interests', 'drink']);
    expect(extrasForRequest(extras)).toEqual({
      height: 180,
      interests: ['music', 'wine'],
      drink: 'often',
    });
    expect(extrasForRequest({})).toBeUndefined();
  });

  it('sends profile edit only what changed, null for a cleared answer', () => {
    expect(extrasChange({ smoke: 'never', height: 170 }, { height: 171, drink: 'rarely' })).toEqual(
      { smoke: null, height: 171, drink: 'rarely' },
    );
    expect(extrasChange({ interests: ['music'] }, { interests: ['music'] })).toEqual({});
  });
});

describe('ExtrasSummary', () => {
  it('shows the answers in Hebrew', async () => {
    await setTestLanguage('he');
    render(
      <ExtrasSummary
        extras={{ relationship_goal: 'long_term', height: 168, interests: ['hiking', 'music'] }}
        testId="extras"
      />,
    );
    expect(screen.getByRole('heading', { name: 'במבט מהיר' })).toBeInTheDocument();
    expect(screen.getByTestId('extras-relationship_goal')).toHaveTextContent(
      'קשר רציני לטווח ארוך',
    );
    expect(screen.getByTestId('extras-height')).toHaveTextContent('168 ס״מ');
    expect(screen.getByTestId('extras-interests')).toHaveTextContent('מוזיקה');
  });

  it('shows nothing for nobody’s answers unless asked to', async () => {
    await setTestLanguage('en');
    const { container, rerender } = render(<ExtrasSummary extras={{}} testId="extras" />);
    expect(container).toBeEmptyDOMElement();
    rerender(<ExtrasSummary extras={{}} showEmpty testId="extras" />);
    expect(screen.getByTestId('extras-empty')).toHaveTextContent('You haven’t shared');
  });
});

describe('ExtrasEditor', () => {
  const DANA: User = { ...TEST_USER, language: 'en', extras: { smoke: 'never', height: 168 } };

  beforeEach(async () => {
    await setTestLanguage('en');
    request.mockReset();
    request.mockImplementation(async (module, payload) => {
      const { value } = payload as { value: Record<string, unknown> };
      // As the server stores a change: named fields replaced, null ones gone.
      const extras = Object.fromEntries(
        Object.entries({ ...DANA.extras, ...value }).filter(([, v]) => v !== null),
      );
      return { module, request_status: 1, data: { user: { ...DANA, extras } } } as Reply;
    });
    useAppStore.setState({ language: 'en', user: { ...DANA } });
  });

  it('saves the changed answers in one user/update and shows them saved', async () => {
    const user = userEvent.setup();
    render(<ExtrasEditor user={DANA} />);
    const save = screen.getByTestId('extras-edit-save');
    expect(save).toBeDisabled();
    await user.click(screen.getByTestId('extras-edit-drink-socially'));
    await user.click(screen.getByTestId('extras-edit-interests-music'));
    await user.click(screen.getByTestId('extras-edit-smoke-clear'));
    await user.selectOptions(screen.getByTestId('extras-edit-industry'), 'healthcare');
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(screen.getByTestId('extras-edit-saved')).toBeInTheDocument());
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]).toEqual([
      'user/update',
      {
        key: 'extras',
        value: { industry: 'healthcare', interests: ['music'], drink: 'socially', smoke: null },
      },
    ]);
    expect(useAppStore.getState().user?.extras).toEqual({
      height: 168,
      industry: 'healthcare',
      interests: ['music'],
      drink: 'socially',
    });
    expect(save).toBeDisabled();
  });

  it('stops offering interests past the limit', async () => {
    const user = userEvent.setup();
    render(<ExtrasEditor user={{ ...DANA, extras: {} }} />);
    const group = screen.getByTestId('extras-edit-interests-travel').closest('fieldset');
    expect(group).not.toBeNull();
    for (const option of extraField('interests').options.slice(0, MAX_INTERESTS)) {
      await user.click(screen.getByTestId(`extras-edit-interests-${option}`));
    }
    const rest = extraField('interests').options.slice(MAX_INTERESTS);
    for (const option of rest) {
      expect(screen.getByTestId(`extras-edit-interests-${option}`)).toBeDisabled();
    }
    expect(within(group as HTMLElement).getByText('10 of 10 chosen')).toBeInTheDocument();
  });

  it('says why a save was refused', async () => {
    request.mockResolvedValueOnce({
      module: 'user/update',
      request_status: 0,
      error_code: 'invalid_extra',
    } as Reply);
    const user = userEvent.setup();
    render(<ExtrasEditor user={DANA} />);
    await user.click(screen.getByTestId('extras-edit-pets-dog'));
    await user.click(screen.getByTestId('extras-edit-save'));
    expect(await screen.findByTestId('extras-edit-error')).toHaveTextContent(
      'One of your answers about yourself isn’t valid',
    );
  });
});
