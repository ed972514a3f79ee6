import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  voucherBatchCsvPath,
  voucherBatchIssueCall,
  voucherBatchListCall,
  voucherBatchVoidCall,
  voucherVoidCall,
} from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';
import { downloadFile } from '@/lib/api/download-file';

const batchesKey = ['console', 'cards', 'batches'];

export const voucherBatchesQuery = () =>
  queryOptions({ queryKey: batchesKey, queryFn: () => api(voucherBatchListCall) });

export const useVoucherBatches = () => useQuery(voucherBatchesQuery());

function useBatchMutation<I, A>(mutationFn: (input: I) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: batchesKey }),
  });
}

export const useIssueBatch = () =>
  useBatchMutation(
    (body: { cardType: string; count: number; amountFen: number; expiresOn: string }) =>
      api(voucherBatchIssueCall, { body }),
  );

/** The batch's CSV, once: the list refreshes to show who downloaded it. */
export const useDownloadBatch = () =>
  useBatchMutation((batch: { id: string; batchNo: number }) =>
    downloadFile(
      voucherBatchCsvPath,
      new URLSearchParams({ batchId: batch.id }),
      `vouchers-batch-${batch.batchNo}.csv`,
    ),
  );

export const useVoidBatch = () =>
  useBatchMutation((batchId: string) => api(voucherBatchVoidCall, { body: { batchId } }));

export const useVoidVoucher = () =>
  useBatchMutation((cardNo: string) => api(voucherVoidCall, { body: { cardNo } }));
