import { z } from 'zod';

/**
 * A moviegoer's display preferences, kept on the server per user (migration 0030, decision 028) so
 * they follow the person to another device. Today one: care mode (关怀模式): larger text and tap
 * targets, higher contrast, and a simpler seat page (the seat list with 推荐选座 first).
 */
export const userPreferencesSchema = z.object({ isCareMode: z.boolean() });
export type UserPreferences = z.infer<typeof userPreferencesSchema>;
export type UserPreferenceName = keyof UserPreferences;

export const userPreferenceNames = Object.keys(
  userPreferencesSchema.shape,
) as readonly UserPreferenceName[];

export const defaultUserPreferences: UserPreferences = { isCareMode: false };

/** Why a change of preferences is refused; each is one stable error code (42315–42317). */
export type PreferenceChangeCheck =
  | { ok: true; change: Partial<UserPreferences> }
  | { ok: false; error: 'PREFERENCE_UNKNOWN'; names: string[] }
  | { ok: false; error: 'PREFERENCE_VALUE_INVALID'; names: string[] }
  | { ok: false; error: 'PREFERENCES_EMPTY' };

const isKnownName = (name: string): name is UserPreferenceName =>
  (userPreferenceNames as readonly string[]).includes(name);

/**
 * A change as the client sends it: some of the preferences, each with a value of its type. A name
 * the server does not know is refused by name (a newer client on an older server can tell it
 * apart from a wrong value), a wrong value likewise, and a change of nothing is refused rather
 * than answered as done. Nothing is saved unless the whole change is valid.
 */
export function checkPreferenceChange(body: Record<string, unknown>): PreferenceChangeCheck {
  const names = Object.keys(body);
  const unknown = names.filter((name) => !isKnownName(name));
  if (unknown.length > 0) return { ok: false, error: 'PREFERENCE_UNKNOWN', names: unknown };
  if (names.length === 0) return { ok: false, error: 'PREFERENCES_EMPTY' };
  const parsed = userPreferencesSchema.partial().strict().safeParse(body);
  if (!parsed.success) {
    const invalid = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')))];
    return { ok: false, error: 'PREFERENCE_VALUE_INVALID', names: invalid };
  }
  return { ok: true, change: parsed.data };
}
