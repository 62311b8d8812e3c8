import { Button } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { PrefetchLink } from './PrefetchLink';
import { paths } from '../config/paths';
import { onSessionChange } from '../lib/api-client';
import { useOnline } from '../lib/online';
import type { SyncProgress } from '../lib/outbox/sync';
import { useOutbox, useSyncOutbox } from '../lib/outbox/use-outbox';

/** While something waits with the network up (a busy server, a sync cut short), it is tried again this often. */
const RETRY_MS = 30_000;

/**
 * What the signed-in user recorded on this device and not yet sent (lib/outbox), in the
 * header: how many wait, how far a sync is, how many need the user. It sends the queue when
 * the network returns, when the user signs in (again), when the page opens, and every 30 s
 * while something waits. Loaded only for a user with something waiting (Navbar.tsx).
 */
export default function OutboxStatus() {
  const items = useOutbox().data ?? [];
  const online = useOnline();
  const [progress, setProgress] = useState<SyncProgress | null>(null);
  const sync = useSyncOutbox(setProgress);
  const start = useRef(sync.mutate);
  start.current = sync.mutate;
  const waiting = items.filter((item) => item.state === 'waiting').length;
  const held = items.length - waiting;

  useEffect(() => {
    if (!online) return;
    const send = () => start.current({}, { onSettled: () => setProgress(null) });
    send();
    const retry = setInterval(send, RETRY_MS);
    const stop = onSessionChange((signedIn) => signedIn && send());
    return () => {
      clearInterval(retry);
      stop();
    };
  }, [online]);

  if (items.length === 0) return null;
  const photo = progress?.photo ?? null;
  const label =
    progress && sync.isPending && progress.waiting > progress.photosHeld
      ? `Sending ${progress.sent + 1} of ${progress.sent + progress.waiting - progress.photosHeld}${photo !== null ? ` (photo ${Math.round(photo * 100)}%)` : ''}`
      : held > 0
        ? `${held} need${held === 1 ? 's' : ''} you`
        : `${waiting} to send`;
  return (
    <Button
      component={PrefetchLink}
      to={paths.myOutbox}
      size="compact-sm"
      variant="light"
      color={held > 0 ? 'danger' : 'blue'}
      aria-label={`Recorded on this device: ${label}`}
      style={{ flex: 'none' }}
    >
      {label}
    </Button>
  );
}
