import { X509Certificate } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import type { SecretsKeyring } from '../../lib/secrets.js';
import { sealPlatformKey } from '../../modules/site/index.js';

/**
 * WeChat Pay's platform keys become a set per site (serial → key, with validity): WeChat signs with
 * an old and a new key side by side for days during a rotation. Each site's one key (0006's
 * `wechat_pay_platform_serial` / `_public_key`) moves into the set, encrypted with SECRETS_KEY;
 * a certificate keeps its own validity, a public key is valid from the site's creation.
 */
export default function wechatPlatformKeys(keyring: SecretsKeyring): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`create table site_wechat_platform_keys (
        site_id uuid not null references sites(id) on delete cascade,
        serial text not null check (length(serial) between 1 and 64),
        public_key_pem text not null,
        valid_from timestamptz not null,
        valid_until timestamptz,
        retired_at timestamptz,
        added_at timestamptz not null default now(),
        primary key (site_id, serial),
        check (valid_until is null or valid_until > valid_from)
      )`.execute(db);
      const { rows } = await sql<{
        id: string;
        serial: string;
        pem: string;
        created_at: Date;
      }>`select id, wechat_pay_platform_serial as serial, wechat_pay_platform_public_key as pem,
           created_at
         from sites
         where wechat_pay_platform_serial is not null and wechat_pay_platform_public_key is not null
         order by id`.execute(db);
      for (const site of rows) {
        let validity: { validFrom: Date; validUntil: Date | null } = {
          validFrom: site.created_at,
          validUntil: null,
        };
        if (site.pem.includes('BEGIN CERTIFICATE')) {
          try {
            const certificate = new X509Certificate(site.pem);
            validity = {
              validFrom: new Date(certificate.validFrom),
              validUntil: new Date(certificate.validTo),
            };
          } catch {
            // kept as it was used so far: without an end
          }
        }
        const sealed = sealPlatformKey(
          site.id,
          { serial: site.serial.trim(), publicKeyPem: site.pem, ...validity },
          keyring,
        );
        await sql`insert into site_wechat_platform_keys
            (site_id, serial, public_key_pem, valid_from, valid_until)
          values (${site.id}, ${sealed.serial}, ${sealed.public_key_pem}, ${sealed.valid_from},
            ${sealed.valid_until})`.execute(db);
      }
      await sql`alter table sites drop column wechat_pay_platform_serial,
        drop column wechat_pay_platform_public_key`.execute(db);
    },
  };
}
