import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cardTypeCreateCall,
  cardTypeListCall,
  cardTypeUpdateCall,
  type CardPaysFor,
} from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export const cardTypesQuery = () =>
  queryOptions({
    queryKey: ['console', 'cards', 'types'],
    queryFn: () => api(cardTypeListCall),
  });

export const useCardTypes = () => useQuery(cardTypesQuery());

export interface CardTypeFields {
  code: string;
  name: string;
  paysFor: CardPaysFor;
  isOnSale: boolean;
  sortOrder: number;
}

/** Create (isNew) or edit a card type; what it pays for is fixed once created. */
export function useSaveCardType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ isNew, fields }: { isNew: boolean; fields: CardTypeFields }) =>
      isNew
        ? api(cardTypeCreateCall, { body: fields })
        : api(cardTypeUpdateCall, {
            body: {
              code: fields.code,
              name: fields.name,
              isOnSale: fields.isOnSale,
              sortOrder: fields.sortOrder,
            },
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'cards', 'types'] }),
  });
}
