import { useEffect, useSyncExternalStore } from 'react';
import { CART_STORAGE_KEY, createCartStore, type CartState } from '../cart-store';

/** The app's one cart, in localStorage: it is still there when the user comes back tomorrow. */
export const cartStore = createCartStore({
  storage: typeof localStorage === 'undefined' ? undefined : localStorage,
});

/** The cart of the server's render of the store (entry-server.tsx): nobody's, so empty. */
const NO_CART: CartState = { lines: [], checkout: null };

export function useCart(): CartState {
  // Another tab of the app changed it: show the same cart here.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY) cartStore.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  // Hydrating the server's page, React reads the same empty cart; this browser's follows at once.
  return useSyncExternalStore(cartStore.subscribe, cartStore.get, () => NO_CART);
}
