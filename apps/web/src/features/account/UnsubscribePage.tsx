import { Alert, Anchor, Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';
import { toErrorView } from '../../lib/errors';
import { useDelayedFlag } from '../../lib/use-delayed';
import { useTitle } from '../../lib/use-title';
import { useSubscription, useUnsubscribe, type Subscription } from './notifications-api';

/** What a topic's e-mails are, in words. */
const TOPIC_TEXT: Record<Subscription['topic'], string> = {
  'insight-comments': 'e-mails when someone comments on an insight you wrote',
};

function SubscribeAgain() {
  return (
    <Text>
      Changed your mind? You can turn these e-mails on again under{' '}
      <Anchor component={PrefetchLink} to={paths.me} inherit>
        My Account
      </Anchor>{' '}
      (after signing in).
    </Text>
  );
}

/**
 * The page an e-mail's unsubscribe link opens (signed in or not). Opening it changes
 * nothing (mail scanners follow links): it says what the link is for and offers a button
 * that unsubscribes; then it confirms. A link the server does not know shows its message.
 */
export default function UnsubscribePage() {
  useTitle('Unsubscribe');
  const { token = '' } = useParams();
  const subscription = useSubscription(token);
  const unsubscribe = useUnsubscribe(token);
  const spinner = useDelayedFlag(subscription.isPending && token !== '');
  const sub = subscription.data;
  const whose = sub?.name ? ` to ${sub.name}` : '';
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Unsubscribe</Title>
        {token === '' ? (
          <Text>This unsubscribe link is incomplete. Copy the whole link from the e-mail, or change your e-mail settings under My Account.</Text>
        ) : null}
        {spinner ? <Loader role="status" aria-label="Loading" /> : null}
        {subscription.error ? (
          <Alert color="danger" role="alert">
            {toErrorView(subscription.error).message || 'This unsubscribe link is not valid.'}
          </Alert>
        ) : null}
        {sub && unsubscribe.isSuccess ? (
          <>
            <Text role="status">
              Done: no more {TOPIC_TEXT[sub.topic]} will be sent{whose}.
            </Text>
            <SubscribeAgain />
          </>
        ) : sub && !sub.subscribed ? (
          <>
            <Text>
              You are already unsubscribed: no {TOPIC_TEXT[sub.topic]} are sent{whose}.
            </Text>
            <SubscribeAgain />
          </>
        ) : sub ? (
          <>
            <Text>
              This link stops {TOPIC_TEXT[sub.topic]}
              {sub.name ? ` (sent to ${sub.name})` : ''}.
            </Text>
            {unsubscribe.error ? (
              <Alert color="danger" role="alert" title="You were not unsubscribed">
                {toErrorView(unsubscribe.error).message}
              </Alert>
            ) : null}
            <Button w="fit-content" onClick={() => unsubscribe.mutate()} loading={unsubscribe.isPending}>
              Unsubscribe
            </Button>
          </>
        ) : null}
      </Stack>
    </Container>
  );
}
