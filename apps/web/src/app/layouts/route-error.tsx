import { useRouteError } from 'react-router';
import { FailureBlock } from '@/components/ui/failure-block';
import { commonMessages } from '@/lib/i18n/common-messages';
import { ChunkLoadError } from '@/lib/lazy-page';

/** A page's code that did not load, or a page that broke: say so, and offer a retry. */
export function RouteError() {
  const error = useRouteError();
  const t = commonMessages.useT();
  const isChunk = error instanceof ChunkLoadError;
  if (!isChunk) console.error(error);
  return (
    <FailureBlock
      title={isChunk ? t('chunkFailed') : t('somethingWrong')}
      message={
        isChunk ? t('chunkFailedHint') : error instanceof Error ? error.message : String(error)
      }
      onRetry={() => window.location.reload()}
    />
  );
}
