import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { NOTIFICATION_KINDS, type NotificationSetting } from '#contract/notifications';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { notificationSettingsQuery, useNotificationSettingToggle, type Channels } from '../api';
import { CHANNEL_LABELS, KIND_LABELS } from '../kind-labels';
import { LoadError } from '../../../components/load-error';
import { Icon } from '../../../components/icons';

const CHANNELS = ['inApp', 'email'] as const;

/**
 * `/notifications/settings`: every kind of notification, on or off in the app and by e-mail. Each switch saves the
 * moment it moves; a refused save moves it back (with the failure toast).
 */
export function NotificationSettingsPage() {
  const settings = useQuery(notificationSettingsQuery);
  const toggle = useNotificationSettingToggle();
  const [saving, setSaving] = useState(0);
  const [status, setStatus] = useState('');

  const flip = (row: NotificationSetting, channel: (typeof CHANNELS)[number]) => {
    const current: Channels = { inApp: row.inApp, email: row.email };
    const wish = { ...current, [channel]: !current[channel] };
    setSaving((n) => n + 1);
    setStatus('Saving…');
    void toggle(row.kind, current, wish).then((saved) => {
      setSaving((n) => n - 1);
      setStatus(saved[channel] === wish[channel] ? 'Saved' : 'Not saved');
    });
  };

  const rows = NOTIFICATION_KINDS.flatMap((kind) => settings.data?.settings.find((s) => s.kind === kind) ?? []);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <Link to="/notifications" className="inline-flex min-h-11 items-center gap-1 self-start rounded-lg text-sm font-medium text-muted hover:text-fg">
        <Icon name="chevronLeft" className="size-4" strokeWidth="2" strokeLinejoin="miter" />
        Notifications
      </Link>
      <div>
        <h1 className="text-2xl font-bold">Notification settings</h1>
        <p className="text-muted">Choose what reaches you in the app and by e-mail. Changes save as you make them.</p>
      </div>

      {settings.isPending ? (
        <div className="flex justify-center py-12 text-brand">
          <Spinner size="lg" label="Loading your settings" />
        </div>
      ) : settings.isError ? (
        <LoadError what="Your settings" error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <div className="overflow-hidden rounded-2xl border border-line bg-surface">
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">Notifications by kind, in the app and by e-mail</caption>
            <thead className="bg-surface-2 text-sm">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold sm:px-4">
                  Notify me about
                </th>
                {CHANNELS.map((c) => (
                  <th key={c} scope="col" className="w-16 whitespace-nowrap px-2 py-2 text-center font-semibold sm:w-24">
                    {CHANNEL_LABELS[c]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.kind} className="border-t border-line">
                  <th scope="row" className="px-3 py-3 font-normal sm:px-4">
                    <span className="block font-medium">{KIND_LABELS[row.kind].label}</span>
                    <span className="block text-sm text-muted">{KIND_LABELS[row.kind].description}</span>
                  </th>
                  {CHANNELS.map((c) => (
                    <td key={c} className="px-2 py-3 text-center">
                      <Switch
                        on={row[c]}
                        aria-label={`${CHANNEL_LABELS[c]} for ${KIND_LABELS[row.kind].label}`}
                        onToggle={() => flip(row, c)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p role="status" className="min-h-5 text-sm text-muted">
        {saving > 0 ? 'Saving…' : status}
      </p>
    </div>
  );
}
