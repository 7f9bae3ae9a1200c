import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaceSuggestion, Reply } from '../../realtime/protocol';
import { PLACE_SEARCH_DEBOUNCE_MS, PlaceSearch } from './PlaceSearch';
import * as shell from './shellMock';
import { setTestLanguage } from './testUtils';

vi.mock('./shell', () => import('./shellMock'));

const onChange = vi.fn<(place: PlaceSuggestion | null) => void>();

function Harness({ initial = null }: { initial?: PlaceSuggestion | null }) {
  const [value, setValue] = useState<PlaceSuggestion | null>(initial);
  return (
    <PlaceSearch
      id="p"
      label="City"
      value={value}
      onChange={(place) => {
        onChange(place);
        setValue(place);
      }}
      language="de"
    />
  );
}

type Resolver = (reply: Reply) => void;
let pending: { search: string; resolve: Resolver }[] = [];

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  vi.useFakeTimers();
  pending = [];
  onChange.mockReset();
  shell.realtime.request.mockReset();
  shell.realtime.request.mockImplementation(
    (_module, payload) =>
      new Promise<Reply>((resolve) => {
        pending.push({ search: (payload as { search: string }).search, resolve });
      }),
  );
});

afterEach(() => {
  vi.useRealTimers();
});

const input = () => screen.getByTestId('place-input');
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const answer = async (index: number, data: PlaceSuggestion[]) => {
  await act(async () => {
    pending[index]?.resolve({ module: 'search_location', request_status: 1, data });
  });
};

describe('PlaceSearch', () => {
  it('waits for a pause in typing before it searches', async () => {
    render(<Harness />);
    type('B');
    type('Be');
    type('Ber');
    act(() => vi.advanceTimersByTime(PLACE_SEARCH_DEBOUNCE_MS - 1));
    expect(shell.realtime.request).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(shell.realtime.request).toHaveBeenCalledTimes(1);
    expect(shell.realtime.request).toHaveBeenCalledWith('search_location', {
      search: 'Ber',
      lang: 'de',
    });
  });

  it('shows suggestions and picks one with the keyboard', async () => {
    render(<Harness />);
    type('Ber');
    act(() => vi.advanceTimersByTime(PLACE_SEARCH_DEBOUNCE_MS));
    await answer(0, [
      { place_id: 1, description: 'Berlin, Deutschland' },
      { place_id: 2, description: 'Bern, Schweiz' },
    ]);
    expect(screen.getAllByTestId('place-option')).toHaveLength(2);
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith({ place_id: 2, description: 'Bern, Schweiz' });
    expect(input()).toHaveValue('Bern, Schweiz');
    expect(screen.getByTestId('place-selected')).toBeInTheDocument();
  });

  it('drops a slow reply that an newer search overtook', async () => {
    render(<Harness />);
    type('Be');
    act(() => vi.advanceTimersByTime(PLACE_SEARCH_DEBOUNCE_MS));
    type('Bei');
    act(() => vi.advanceTimersByTime(PLACE_SEARCH_DEBOUNCE_MS));
    await answer(1, [{ place_id: 3, description: 'Beilngries' }]);
    await answer(0, [{ place_id: 1, description: 'Berlin' }]);
    expect(screen.getAllByTestId('place-option').map((o) => o.textContent)).toEqual(['Beilngries']);
  });

  it('clears the choice when the text is edited, and says when nothing matched', async () => {
    render(<Harness initial={{ place_id: 9, description: 'Haifa, Israel' }} />);
    expect(input()).toHaveValue('Haifa, Israel');
    type('Haifa, Isr');
    expect(onChange).toHaveBeenLastCalledWith(null);
    act(() => vi.advanceTimersByTime(PLACE_SEARCH_DEBOUNCE_MS));
    await answer(0, []);
    expect(screen.getByTestId('place-empty')).toBeInTheDocument();
  });

  it('does not search for blank text', () => {
    render(<Harness />);
    type('   ');
    act(() => vi.advanceTimersByTime(PLACE_SEARCH_DEBOUNCE_MS * 2));
    expect(shell.realtime.request).not.toHaveBeenCalled();
  });

  it('reports a failed search', async () => {
    shell.realtime.request.mockRejectedValueOnce(new Error('socket_closed'));
    render(<Harness />);
    type('Tel');
    await act(async () => {
      vi.advanceTimersByTime(PLACE_SEARCH_DEBOUNCE_MS);
    });
    expect(screen.getByRole('listbox')).toHaveTextContent("We couldn't search right now");
  });
});
