import { z } from 'zod';
import { defineCall } from '../call.js';
import { userPreferencesSchema } from '../rules/preferences.js';

/**
 * Change some of the signed-in user's preferences (decision 028). The body names only what
 * changes (`{ isCareMode: true }`); names and values are checked by `checkPreferenceChange`, so an
 * unknown name (42315), a wrong value (42316) and an empty change (42317) each have their own
 * code. The answer is every preference as now saved, as the user info also carries them.
 */
export const setUserPreferencesCall = defineCall({
  method: 'POST',
  path: '/userInfo/preferences',
  isSignedIn: true,
  body: z.record(z.string().max(64), z.unknown()),
  answer: userPreferencesSchema,
});
