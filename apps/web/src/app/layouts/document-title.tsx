import { useEffect } from 'react';
import { documentTitle, useBrandName } from '@/lib/brand';
import { routeTitles } from '../route-titles';
import { useRouteHandle } from './use-route-handle';

/** The document title follows the route and names the site's own chain: "影院 - <short name>". */
export function DocumentTitle() {
  const handle = useRouteHandle();
  const brand = useBrandName();
  useEffect(() => {
    document.title = documentTitle(handle ? routeTitles.translate(handle.title) : null, brand);
  }, [handle, brand]);
  return null;
}
