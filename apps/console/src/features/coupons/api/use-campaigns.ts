import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  campaignCreateCall,
  campaignListCall,
  campaignStateCall,
  campaignUpdateCall,
  type CampaignAction,
  type CampaignFields,
} from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

const campaignsKey = ['console', 'coupons', 'campaigns'];

export const campaignsQuery = () =>
  queryOptions({ queryKey: campaignsKey, queryFn: () => api(campaignListCall) });

export const useCampaigns = () => useQuery(campaignsQuery());

function useCampaignMutation<I, A>(mutationFn: (input: I) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsKey }),
  });
}

export const useCreateCampaign = () =>
  useCampaignMutation((body: CampaignFields) => api(campaignCreateCall, { body }));

export const useUpdateCampaign = () =>
  useCampaignMutation(
    (body: { campaignId: string; title: string; validTo: string; totalQuantity: number }) =>
      api(campaignUpdateCall, { body }),
  );

export const useMoveCampaign = () =>
  useCampaignMutation((body: { campaignId: string; action: CampaignAction }) =>
    api(campaignStateCall, { body }),
  );
