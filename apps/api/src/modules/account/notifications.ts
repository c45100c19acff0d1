import type { NotificationPreferences } from '@itrust/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

const columns = {
  price_alert: users.priceAlert,
  device_login_alert: users.deviceLoginAlert,
  email_notifications: users.emailNotifications,
};

export function createNotificationPreferences(db: Database) {
  const read = async (userId: string): Promise<NotificationPreferences> => {
    const [row] = await db.select(columns).from(users).where(eq(users.id, userId));
    return row ?? { price_alert: true, device_login_alert: true, email_notifications: true };
  };
  return {
    read,
    async update(userId: string, changes: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
      const set = {
        ...(changes.price_alert === undefined ? {} : { priceAlert: changes.price_alert }),
        ...(changes.device_login_alert === undefined ? {} : { deviceLoginAlert: changes.device_login_alert }),
        ...(changes.email_notifications === undefined ? {} : { emailNotifications: changes.email_notifications }),
      };
      if (Object.keys(set).length > 0) await db.update(users).set(set).where(eq(users.id, userId));
      return read(userId);
    },
  };
}

export type NotificationPreferencesStore = ReturnType<typeof createNotificationPreferences>;
