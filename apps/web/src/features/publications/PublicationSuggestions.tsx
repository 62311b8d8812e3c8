import { Button, Group } from '@mantine/core';
import { useMutationState } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { Publication } from '@observatory/shared';
import { PageSection } from '../../components/PageSection';
import { PublicationList } from '../../components/PublicationLine';
import { toErrorView } from '../../lib/errors';
import { useAuthorLink, useMyPerson, usePublicationSuggestions } from './api';
import { authorLinkMutationKey } from './keys';

/**
 * "Publications naming you" (on /me): the publications whose authors are linked to the
 * signed-in person and wait for them, each with Confirm (it then shows on their page) and
 * Not me (the link goes, the name stays). Nothing at all when there are none.
 */
export function PublicationSuggestions() {
  const suggestions = usePublicationSuggestions();
  const me = useMyPerson().data;
  const link = useAuthorLink();
  // The publications answered for right now (each keeps its buttons busy).
  const pending = useMutationState({
    filters: { mutationKey: authorLinkMutationKey, status: 'pending' },
    select: (m) => (m.state.variables as { publication: string } | undefined)?.publication,
  });
  const publications = suggestions.data ?? [];
  if (!me || publications.length === 0) return null;

  const answer = (p: Publication, confirm: boolean) =>
    link.mutate(
      { publication: p.id, person: me.slug, confirm },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: confirm ? `“${p.title}” now shows on your page` : `You are no longer linked to “${p.title}”` }),
        onError: (error) => notifications.show({ color: 'danger', title: confirm ? 'Not confirmed' : 'Not unlinked', message: toErrorView(error).message }),
      },
    );

  return (
    <PageSection id="pub-suggestions" title="Publications naming you">
      <PublicationList
        publications={publications}
        empty=""
        label="Publications naming you"
        busy={(p) => pending.includes(p.id)}
        actions={(p) => (
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-sm"
              onClick={() => answer(p, true)}
              disabled={pending.includes(p.id)}
              aria-label={`Confirm you are an author of “${p.title}”`}
            >
              Confirm
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => answer(p, false)}
              disabled={pending.includes(p.id)}
              aria-label={`Not me: you are not an author of “${p.title}”`}
            >
              Not me
            </Button>
          </Group>
        )}
      />
    </PageSection>
  );
}
