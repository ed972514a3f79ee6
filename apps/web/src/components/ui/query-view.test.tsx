// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@marquee/contracts';
import { ApiError } from '@/lib/api/api-error';
import { QueryView, type QueryLike } from './query-view';

function query<T>(state: Partial<QueryLike<T>>): QueryLike<T> {
  return {
    data: undefined,
    isPending: false,
    isError: false,
    error: null,
    refetch: vi.fn(),
    ...state,
  };
}

const view = (
  q: QueryLike<string[]>,
  extra: { loading?: ReactNode; isNotFoundEmpty?: boolean } = {},
) =>
  render(
    <QueryView<string[]>
      query={q}
      failureTitle="Films could not be loaded"
      isEmpty={(data: string[]) => data.length === 0}
      empty={{ title: 'No films' }}
      {...extra}
    >
      {(data: string[]) => (
        <ul>
          {data.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryView>,
  );

describe('QueryView: the loading / failure / empty trio', () => {
  it('shows the spinner, or the given placeholder, while nothing has arrived', () => {
    view(query({ isPending: true }));
    expect(screen.getByRole('status')).toBeTruthy();
    view(query({ isPending: true }), { loading: <p>skeleton</p> });
    expect(screen.getByText('skeleton')).toBeTruthy();
  });

  it('says what failed and retries on a tap when nothing could be loaded', async () => {
    const refetch = vi.fn();
    view(query({ isError: true, error: new Error('network down'), refetch }));
    expect(screen.getByRole('alert').textContent).toContain('Films could not be loaded');
    expect(screen.getByText('network down')).toBeTruthy();
    await userEvent.click(screen.getByRole('button'));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty state for an empty answer, and the data otherwise', () => {
    view(query({ data: [] }));
    expect(screen.getByRole('region', { name: 'No films' })).toBeTruthy();
    view(query({ data: ['星际回响'] }));
    expect(screen.getByRole('listitem').textContent).toBe('星际回响');
  });

  it('keeps data already shown when a refresh fails', () => {
    view(query({ data: ['星际回响'], isError: true, error: new Error('network down') }));
    expect(screen.getByText('星际回响')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('treats an unknown id as empty only when asked to', () => {
    const notFound = new ApiError(ErrorCode.NOT_FOUND, 'not found');
    view(query({ isError: true, error: notFound }), { isNotFoundEmpty: true });
    expect(screen.getByRole('region', { name: 'No films' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
