import type { NotificationPreferences } from '@itrust/contracts';
import { MessageBanner } from '../../../components/ui/message-banner';
import { Switch } from '../../../components/ui/switch';
import { useNotifications, useUpdateNotifications } from '../api/notifications';
import { Panel } from './panel';
import { useSaveFeedback } from './use-save-feedback';

const rows: { key: keyof NotificationPreferences; label: string; description: string }[] = [
  { key: 'price_alert', label: 'Price alert', description: 'Emails when an asset on your watchlist moves sharply.' },
  {
    key: 'device_login_alert',
    label: 'Device log in alert',
    description: 'An email when your account is signed in to from a new browser.',
  },
  {
    key: 'email_notifications',
    label: 'Email notifications',
    description: 'News about your deposits, withdrawals and account.',
  },
];

export function NotificationsPanel() {
  const preferences = useNotifications();
  const update = useUpdateNotifications();
  const feedback = useSaveFeedback();

  return (
    <Panel title="Notification preference">
      {preferences.isPending && <p className="text-slate-600">Loading your preferences…</p>}
      {preferences.isError && <MessageBanner error={preferences.error.message} />}
      {preferences.data && (
        <div className="divide-y divide-slate-100">
          {rows.map((row) => (
            <Switch
              key={row.key}
              label={row.label}
              description={row.description}
              checked={preferences.data[row.key]}
              disabled={update.isPending}
              onChange={(checked) =>
                void feedback.run(async () => {
                  await update.mutateAsync({ [row.key]: checked });
                  return { message: 'Notification preferences saved.' };
                })
              }
            />
          ))}
        </div>
      )}
      <MessageBanner error={feedback.error} success={feedback.success} />
    </Panel>
  );
}
