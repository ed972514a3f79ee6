import { useEffect } from 'react';
import { commonMessages } from '@/lib/i18n/common-messages';
import { routeTitles } from '../route-titles';
import { useRouteHandle } from './use-route-handle';

/** The document title follows the route: "影院 - 星幕影城". */
export function DocumentTitle() {
  const handle = useRouteHandle();
  useEffect(() => {
    const app = commonMessages.translate('appName');
    document.title = handle ? `${routeTitles.translate(handle.title)} - ${app}` : app;
  }, [handle]);
  return null;
}
