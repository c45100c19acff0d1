import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { knownDevices } from '../../db/schema/index.ts';
import type { MailQueue } from '../../jobs/mail.job.ts';
import type { ClientInfo } from '../../lib/client-address.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256 } from '../../lib/secrets.ts';
import type { SignedInUser } from '../users/users.repository.ts';
import { accountMail } from './account.mail.ts';

export function createDevices(db: Database, clock: Clock, mail: MailQueue) {
  const hashOf = (userId: string, client: ClientInfo) =>
    sha256(`${userId}:${client.deviceId ?? `ua:${client.userAgent}`}`);

  return {
    /** Whether the browser's own device id (not its user agent, which anyone can copy) has signed in to the account before. */
    async isKnown(userId: string, client: ClientInfo, tx: Executor = db): Promise<boolean> {
      if (!client.deviceId) return false;
      const [row] = await tx
        .select({ userId: knownDevices.userId })
        .from(knownDevices)
        .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, hashOf(userId, client))));
      return row !== undefined;
    },

    /** Remembers the browser; a browser not seen before for a user who has others triggers the alert mail. */
    async noteSignIn(user: SignedInUser, client: ClientInfo): Promise<void> {
      const now = clock.now();
      const deviceHash = hashOf(user.id, client);
      // One statement: the count is read from the snapshot before the insert, so it counts the devices seen
      // before this one; xmax is 0 on a row the statement inserted rather than updated.
      const { rows } = await db.execute<{ inserted: boolean; known: number }>(sql`
        with noted as (
          insert into known_devices (user_id, device_hash, first_seen_at, last_seen_at)
          values (${user.id}, ${deviceHash}, ${now}, ${now})
          on conflict (user_id, device_hash) do update set last_seen_at = excluded.last_seen_at
          returning xmax = 0 as inserted)
        select noted.inserted, (select count(*)::int from known_devices where user_id = ${user.id}) as known
        from noted`);
      const [noted] = rows;
      const isNew = noted !== undefined && noted.inserted && noted.known > 0;
      if (isNew && user.deviceLoginAlert) {
        await mail.queue(
          accountMail.newDevice(
            { email: user.email, firstName: user.firstName },
            { browser: client.userAgent || 'unknown browser', address: client.address, at: now },
          ),
        );
      }
    },
  };
}

export type Devices = ReturnType<typeof createDevices>;
