import { z } from 'zod';
import { defineCall } from '../call.js';

/**
 * The JS-SDK's signing material (spec §7): the site's appId and WeChat's jsapi ticket. The web app
 * signs `wx.config` with it (sha1 over jsapi_ticket, noncestr, timestamp and the page URL).
 */
export const jsapiTicketCall = defineCall({
  method: 'GET',
  path: '/wx/jsapi/v2/getJsapiTicket',
  isSignedIn: false,
  answer: z.object({ appId: z.string(), ticket: z.string() }),
});
