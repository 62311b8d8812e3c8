import { Anchor, Avatar, Badge, Button, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { LinkedObjects } from '../../components/linked/LinkedObjects';
import { LinkedProjects } from '../../components/linked/LinkedProjects';
import { RichText } from '../../components/RichText';
import { PageSection } from '../../components/PageSection';
import { PageState } from '../../components/PageState';
import { PrefetchLink } from '../../components/PrefetchLink';
import { PublicationList } from '../../components/PublicationLine';
import { paths } from '../../config/paths';
import { useTitle } from '../../lib/use-title';
import { usePerson } from './api';

/** A person's profile: photo, name, ORCID iD, affiliations (primary first), bio, projects, objects, publications, photos. */
export default function PersonPage() {
  const { slug = '' } = useParams();
  const profile = usePerson(slug);
  useTitle(profile.data?.person.name ?? 'People');
  if (!profile.data) return <PageState isPending={profile.isPending} error={profile.error} />;
  const { person, bio, invitation, projects, publications, permissions } = profile.data;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group gap="lg" wrap="nowrap">
          <Avatar src={person.photo?.url} name={person.name} color="blue" variant="filled" size={96} alt="" />
          <Stack gap={4} miw={0}>
            <Group gap="sm">
              <Title order={1} miw={0} style={{ overflowWrap: 'break-word' }}>
                {person.name}
              </Title>
              {permissions.includes('edit') ? (
                <Button component={PrefetchLink} to={paths.personEdit(person.slug)} size="xs" variant="default">
                  Edit
                </Button>
              ) : null}
            </Group>
            {person.orcid ? (
              <Anchor href={`https://orcid.org/${person.orcid}`} target="_blank" rel="noreferrer" size="sm">
                ORCID {person.orcid}
              </Anchor>
            ) : null}
            {person.email ? <Text size="sm">{person.email}</Text> : null}
            {invitation ? (
              <Badge color={invitation.acceptedAt ? 'green' : 'blue'} variant="light" w="fit-content">
                {invitation.acceptedAt ? 'Invitation accepted' : `Invited ${new Date(invitation.createdAt).toLocaleDateString('en')}; not yet accepted`}
              </Badge>
            ) : null}
          </Stack>
        </Group>
        <PageSection id="affiliations-title" title="Affiliations">
          {person.affiliations.length === 0 ? (
            <Text c="dimmed">No affiliations yet.</Text>
          ) : (
            <List listStyleType="none" spacing={4}>
              {person.affiliations.map((a) => (
                <List.Item key={a.id}>
                  {a.title ? `${a.title}, ` : ''}
                  <Anchor component={PrefetchLink} to={paths.partner(a.institution.slug)}>
                    {a.institution.name}
                  </Anchor>
                  {a.primary ? (
                    <Badge ml="xs" size="sm" variant="light">
                      primary
                    </Badge>
                  ) : null}
                </List.Item>
              ))}
            </List>
          )}
        </PageSection>
        {bio ? (
          <PageSection id="bio-title" title="About">
            <RichText doc={bio} />
          </PageSection>
        ) : null}
        <PageSection id="projects-title" title="Projects">
          <LinkedProjects projects={projects} empty="Not part of any project yet." />
        </PageSection>
        <PageSection id="objects-title" title="Sites and objects">
          <LinkedObjects of={{ person: person.id }} empty={`No site or object lists ${person.name} yet.`} />
        </PageSection>
        <PageSection id="publications-title" title="Publications">
          <PublicationList publications={publications} empty="No publications listed yet." label={`Publications of ${person.name}`} />
        </PageSection>
        <PageSection id="photos-title" title="Photos">
          {/* The photo search (with its per-person view) comes with the sites and photos screens. */}
          <Text c="dimmed">{person.name} has not shared any site photos yet.</Text>
        </PageSection>
      </Stack>
    </Container>
  );
}
