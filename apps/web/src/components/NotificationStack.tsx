import { Notifications } from '@mantine/notifications';

/** The stack the notifications are drawn in, a module of its own so that the app loads it lazily (app/App.tsx). */
export default function NotificationStack() {
  return <Notifications position="top-right" />;
}
