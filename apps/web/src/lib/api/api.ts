import { readToken } from '../cookies';
import { commonMessages } from '../i18n/common-messages';
import { getLang } from '../i18n/i18n';
import { createApiClient } from './api-client';
import { firstScreenAnswerTaker } from './first-screen-answers';
import { siteFromHost } from './host';
import { reportSessionInvalid } from './session-expiry';

/** The app's one API client, configured from the page's host (spec §7). */
export const api = createApiClient({
  hostname: window.location.hostname,
  bases: {
    test: import.meta.env.VITE_API_TEST_BASE,
    production: import.meta.env.VITE_API_PROD_BASE,
  },
  getToken: () => readToken(),
  lang: getLang(),
  messages: {
    timeout: commonMessages.translate('timeout'),
    network: commonMessages.translate('network'),
    badAnswer: commonMessages.translate('badAnswer'),
  },
  onSessionInvalid: reportSessionInvalid,
  takeFirstScreenAnswer: firstScreenAnswerTaker(document, {
    site: siteFromHost(window.location.hostname),
    lang: getLang(),
  }),
});
