import type { ReactNode } from 'react';
import { ErrorCode } from '@marquee/contracts';
import { isApiError } from '@/lib/api/api-error';
import { CenteredSpinner } from './centered-spinner';
import { EmptyState } from './empty-state';
import { FailureBlock } from './failure-block';

/** The part of a TanStack Query result (plain or infinite) this view needs. */
export interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

type EmptyProps = Parameters<typeof EmptyState>[0];

/**
 * The one loading / failure / empty trio of whatever shows a query's data: the spinner (or a
 * skeleton) while nothing has arrived, a failure with retry when nothing could be loaded, the empty
 * state when the answer holds nothing, and otherwise the children with the data. A failed refresh
 * of data already shown keeps the data on screen.
 */
export function QueryView<T>(props: {
  query: QueryLike<T>;
  failureTitle: string;
  /** Shown while loading; the centred spinner by default. */
  loading?: ReactNode;
  /** Is the answer empty? Without it the answer is never empty. */
  isEmpty?: (data: T) => boolean;
  empty?: EmptyProps;
  /** An unknown id (NOT_FOUND) is the empty state, not a failure. */
  isNotFoundEmpty?: boolean;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  if (query.data === undefined) {
    if (query.isPending) return <>{props.loading ?? <CenteredSpinner />}</>;
    const isNotFound = isApiError(query.error) && query.error.code === ErrorCode.NOT_FOUND;
    if (props.isNotFoundEmpty && isNotFound && props.empty) return <EmptyState {...props.empty} />;
    return (
      <FailureBlock
        title={props.failureTitle}
        message={query.error?.message ?? ''}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (props.empty && props.isEmpty?.(query.data)) return <EmptyState {...props.empty} />;
  return <>{props.children(query.data)}</>;
}
