import { readToken } from '../cookies';
import { commonMessages } from '../i18n/common-messages';
import { getLang } from '../i18n/i18n';
import { createApiClient } from './api-client';
import { firstScreenAnswerTaker, type TakeFirstScreenAnswer } from './first-screen-answers';
import { siteFromHost } from './host';
import { reportSessionInvalid } from './session-expiry';

/**
 * The answers of the first screen the server is rendering (entry-server.tsx sets them before each
 * render): the server's render asks nothing over the network, it has only what the page carries.
 */
let serverRenderAnswers: TakeFirstScreenAnswer | undefined;
export function setServerRenderAnswers(take: TakeFirstScreenAnswer | undefined): void {
  serverRenderAnswers = take;
}

const serverRenderApi = () =>
  createApiClient({
    hostname: 'localhost',
    bases: {},
    getToken: () => undefined,
    lang: getLang(),
    fetch: () => Promise.reject(new Error('no requests in the server render of a first screen')),
    messages: {
      timeout: commonMessages.translate('timeout'),
      network: commonMessages.translate('network'),
      badAnswer: commonMessages.translate('badAnswer'),
    },
    takeFirstScreenAnswer: (path, query) => serverRenderAnswers?.(path, query),
  });

/** The app's one API client, configured from the page's host (spec §7). */
export const api =
  typeof window === 'undefined'
    ? serverRenderApi()
    : createApiClient({
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
