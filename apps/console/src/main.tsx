// antd 5 renders its pop-ups through React 18's render by default; this patch points it at 19.
import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { commonMessages } from './lib/i18n/common-messages';
import { getLang } from './lib/i18n/i18n';

document.documentElement.lang = getLang() === 'en' ? 'en' : 'zh-CN';
document.title = commonMessages.translate('appName');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createRouter()} />
    </Providers>
  </StrictMode>,
);
