import type { StaffRole } from '@marquee/contracts/console';
import type { Executor } from '../schema.js';
import { demoCinemas } from './cinemas.js';

/**
 * DEMO ONLY: the demo site's console accounts, their passwords printed in the README. Hashes are
 * precomputed with the production parameters (scrypt N=2^14), so seeding costs nothing. A real
 * site's first owner comes from `npm run staff:create`.
 */
export const demoStaff: {
  username: string;
  displayName: string;
  role: StaffRole;
  password: string;
  passwordHash: string;
  /** Covers the first demo cinema (人民广场店); owners cover every cinema. */
  coversFirstCinema: boolean;
}[] = [
  {
    username: 'owner',
    displayName: '王老板',
    role: 'owner',
    password: 'owner2026',
    passwordHash:
      'scrypt$16384$8$1$ed0Y-ShxFgEv9jGc1OvWmw$oQTIyH6m2l-KXSTy1tqTAi7Ui53n2KoS8vdV3YJfRSo',
    coversFirstCinema: false,
  },
  {
    username: 'manager',
    displayName: '李店长',
    role: 'manager',
    password: 'manager2026',
    passwordHash:
      'scrypt$16384$8$1$BAdMQh6Sb-REwwHzr8DHYg$eFRqpONkHHf8GNiC9pkwKD0eoleJC2r8LIlKwruT6uU',
    coversFirstCinema: true,
  },
  {
    username: 'cashier',
    displayName: '张收银',
    role: 'cashier',
    password: 'cashier2026',
    passwordHash:
      'scrypt$16384$8$1$pG9KdCO6eKcr6YeL0eNa-Q$UnRdoOieMncl5JB5T1ESTPjuXZAXTe-YgKkRxjipS20',
    coversFirstCinema: true,
  },
];

/** Seed the demo staff once: a site that already has staff keeps them. */
export async function seedDemoStaff(trx: Executor, siteId: string): Promise<void> {
  const existing = await trx
    .selectFrom('staff')
    .select('id')
    .where('site_id', '=', siteId)
    .limit(1)
    .executeTakeFirst();
  if (existing) return;
  const firstCinema = await trx
    .selectFrom('cinemas')
    .select('id')
    .where('site_id', '=', siteId)
    .where('name', '=', demoCinemas[0]!.name)
    .executeTakeFirst();
  for (const person of demoStaff) {
    const row = await trx
      .insertInto('staff')
      .values({
        site_id: siteId,
        username: person.username,
        display_name: person.displayName,
        password_hash: person.passwordHash,
        role: person.role,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (person.coversFirstCinema && firstCinema) {
      await trx
        .insertInto('staff_cinemas')
        .values({ site_id: siteId, staff_id: row.id, cinema_id: firstCinema.id })
        .execute();
    }
  }
}
