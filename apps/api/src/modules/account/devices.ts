import { and, count, eq } from 'drizzle-orm';
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
      const isNew = await db.transaction(async (tx) => {
        const [{ known } = { known: 0 }] = await tx
          .select({ known: count() })
          .from(knownDevices)
          .where(eq(knownDevices.userId, user.id));
        const inserted = await tx
          .insert(knownDevices)
          .values({ userId: user.id, deviceHash, firstSeenAt: now, lastSeenAt: now })
          .onConflictDoNothing()
          .returning({ userId: knownDevices.userId });
        if (inserted.length === 0) {
          await tx
            .update(knownDevices)
            .set({ lastSeenAt: now })
            .where(and(eq(knownDevices.userId, user.id), eq(knownDevices.deviceHash, deviceHash)));
        }
        return inserted.length > 0 && known > 0;
      });
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
