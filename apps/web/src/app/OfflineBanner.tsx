import { Anchor, Text } from '@mantine/core';
import { PrefetchLink } from '../components/PrefetchLink';
import { paths } from '../config/paths';
import { useCurrentUser } from '../lib/auth';
import classes from './Navbar.module.css';

/** With no network, what still opens (docs/offline.md): a line under the header. */
export default function OfflineBanner() {
  const signedIn = !!useCurrentUser().user;
  return (
    <Text role="note" aria-label="Offline" size="sm" px="md" py={6} className={classes.offline}>
      You are offline.{' '}
      {signedIn ? (
        <>
          What you{' '}
          <Anchor component={PrefetchLink} to={paths.myKept} inherit>
            kept on this device
          </Anchor>{' '}
          opens; other data waits for the network.
        </>
      ) : (
        'Screens you opened before still open; the catalogue’s data waits for the network.'
      )}
    </Text>
  );
}
