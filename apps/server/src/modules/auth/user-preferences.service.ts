import { checkPreferenceChange, type UserPreferences } from '@marquee/contracts';
import type { AppDeps, SignedInUser } from '../../app-deps.js';
import { AppError } from '../../lib/errors.js';
import * as authRepository from './auth.repository.js';

/**
 * Save a change of the user's preferences (decision 028): the whole change is checked first
 * (unknown name 42315, wrong value 42316, nothing to change 42317), so a refused change saves
 * nothing; then one statement writes it and answers every preference as now saved.
 */
export async function setUserPreferences(
  deps: Pick<AppDeps, 'db'>,
  user: Pick<SignedInUser, 'id'>,
  body: Record<string, unknown>,
): Promise<UserPreferences> {
  const check = checkPreferenceChange(body);
  if (!check.ok) {
    throw new AppError(check.error, 'names' in check ? { names: check.names } : {});
  }
  const row = await deps.db
    .transaction()
    .execute((trx) => authRepository.updatePreferences(trx, user.id, check.change));
  return { isCareMode: row.is_care_mode };
}
