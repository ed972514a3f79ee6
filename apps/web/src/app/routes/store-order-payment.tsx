import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Navigate,
  useLocation as useRouterLocation,
  useNavigate,
  useSearchParams,
} from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useUserInfo } from '@/features/auth/api/get-user-info';
import { useCinemaList } from '@/features/cinema/api/get-cinema-list';
import { formatDistance } from '@/features/cinema/components/format';
import { useCancelStoreOrder } from '@/features/orders/api/cancel-store-order';
import { useOrderDetail } from '@/features/orders/api/get-order-detail';
import { useOrderList } from '@/features/orders/api/get-order-list';
import { OrderLoader } from '@/features/orders/components/order-detail-parts';
import type { PickupCinema } from '@/features/store/components/pickup-cinema-picker';
import { StoreCheckout } from '@/features/store/components/store-checkout';
import { StoreOrderPay } from '@/features/store/components/store-order-pay';
import { cartStore } from '@/features/store/hooks/use-cart';
import { nearQueryOf, useLocation } from '@/lib/location';
import { paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { PayArea } from '../pay-area';

/**
 * /store/order/payment (spec §2): without `orderId` the checkout of the cart (or of one goods item
 * bought at once) makes the order; with it, that order is paid, as films are (WeChat Pay, cards
 * usable for goods, or both), and paid again after a failure instead of making another.
 */
export default function StoreOrderPaymentPage() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  return orderId ? <PayStoreOrder key={orderId} orderId={orderId} /> : <CheckoutStep />;
}

function CheckoutStep() {
  const { data: user } = useUserInfo();
  const cinemas = usePickupCinemas();
  const filmOrders = useOrderList('film');
  return (
    <StoreCheckout
      filmOrders={filmOrders.data?.pages[0]?.list}
      defaultPhone={user?.phone ?? ''}
      cinemas={cinemas.list}
      isLoadingCinemas={cinemas.isLoading}
      isCinemasFailed={cinemas.isFailed}
    />
  );
}

/** The site's cinemas, nearest first once the visitor's location is known, else by name. */
function usePickupCinemas(): { list: PickupCinema[]; isLoading: boolean; isFailed: boolean } {
  const location = useLocation();
  const cinemas = useCinemaList({ ...nearQueryOf(location), pageSize: 50 });
  const list = useMemo(
    () =>
      (cinemas.data?.list ?? []).map((cinema) => ({
        id: cinema.id,
        name: cinema.name,
        address: cinema.address,
        distanceText: formatDistance(cinema.distanceMeters),
      })),
    [cinemas.data],
  );
  return { list, isLoading: cinemas.isPending, isFailed: cinemas.isError };
}

function PayStoreOrder(props: { orderId: string }) {
  const navigate = useNavigate();
  const routerLocation = useRouterLocation();
  const queryClient = useQueryClient();
  const cancel = useCancelStoreOrder();
  // The server's clock as of the answer: the countdown shows what the server will enforce.
  const detail = useOrderDetail(props.orderId);
  const offsetMs = detail.data ? Date.parse(detail.data.serverTime) - detail.dataUpdatedAt : 0;
  // Just made by the checkout: the choice of payment opens at once, this time only.
  const [isJustCreated] = useState(
    () => (routerLocation.state as { isJustCreated?: boolean } | null)?.isJustCreated === true,
  );
  const hasDroppedFlag = useRef(false);
  useEffect(() => {
    if (!isJustCreated || hasDroppedFlag.current) return;
    hasDroppedFlag.current = true;
    // A reload keeps history state: drop the flag so the choice does not open again by itself.
    navigate(
      { pathname: routerLocation.pathname, search: routerLocation.search },
      { replace: true, state: null },
    );
  }, [isJustCreated, navigate, routerLocation.pathname, routerLocation.search]);

  const onPaid = useCallback(
    (orderId: string) => {
      cartStore.endCheckout(orderId);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      navigate(paths.storeOrderDetail(orderId), { replace: true });
    },
    [navigate, queryClient],
  );

  return (
    <OrderLoader orderId={props.orderId} backTo={paths.storeOrderList()}>
      {(order) =>
        order.kind !== 'store' ? (
          <Navigate to={paths.orderDetail(order.orderId)} replace />
        ) : (
          <StoreOrderPay
            order={order}
            offsetMs={offsetMs}
            renderPay={(slot) => (
              <PayArea {...slot} onPaid={onPaid} isChoosingAtStart={isJustCreated} />
            )}
            onCancel={cancel.mutateAsync}
            isCancelling={cancel.isPending}
          />
        )
      }
    </OrderLoader>
  );
}
