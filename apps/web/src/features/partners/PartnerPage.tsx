import { Anchor, Avatar, Button, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { LinkedObjects } from '../../components/linked/LinkedObjects';
import { LinkedProjects } from '../../components/linked/LinkedProjects';
import { PageSection } from '../../components/PageSection';
import { PageState } from '../../components/PageState';
import { PrefetchLink } from '../../components/PrefetchLink';
import { PublicationList } from '../../components/PublicationLine';
import { paths } from '../../config/paths';
import { useTitle } from '../../lib/use-title';
import { usePartner } from './api';

/** A partner institution: logo, name, description, website, ROR id, people, projects, objects, its people's publications. */
export default function PartnerPage() {
  const { slug = '' } = useParams();
  const partner = usePartner(slug);
  useTitle(partner.data?.institution.name ?? 'Partners');
  if (!partner.data) return <PageState isPending={partner.isPending} error={partner.error} />;
  const { institution, people, projects, publications } = partner.data;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="lg" wrap="nowrap" miw={0}>
            <Avatar src={institution.logo?.url} name={institution.name} radius="sm" size={72} color="blue" variant="filled" alt="" />
            <Stack gap={4} miw={0}>
              <Title order={1} style={{ overflowWrap: 'break-word' }}>
                {institution.name}
              </Title>
              {institution.url ? (
                <Anchor href={institution.url} target="_blank" rel="noreferrer">
                  {institution.url.replace(/^https?:\/\//, '')}
                </Anchor>
              ) : null}
              {institution.ror ? (
                <Anchor href={`https://ror.org/${institution.ror}`} target="_blank" rel="noreferrer" size="sm">
                  ROR {institution.ror}
                </Anchor>
              ) : null}
            </Stack>
          </Group>
          {partner.data.permissions.includes('edit') ? (
            <Button component={PrefetchLink} to={paths.partnerEdit(institution.slug)} variant="default" flex="none">
              Edit
            </Button>
          ) : null}
        </Group>
        {institution.description ? <Text style={{ whiteSpace: 'pre-line' }}>{institution.description}</Text> : null}
        <PageSection id="partner-people" title="People">
          {people.length === 0 ? (
            <Text c="dimmed">Nobody is affiliated yet.</Text>
          ) : (
            <List listStyleType="none" spacing={4}>
              {people.map((p) => (
                <List.Item key={p.id}>
                  <Anchor component={PrefetchLink} to={paths.person(p.slug)}>
                    {p.name}
                  </Anchor>
                  {p.title ? <Text span c="dimmed" size="sm">{` — ${p.title}`}</Text> : null}
                </List.Item>
              ))}
            </List>
          )}
        </PageSection>
        <PageSection id="partner-projects" title="Projects">
          <LinkedProjects projects={projects} empty="No projects with this partner yet." />
        </PageSection>
        <PageSection id="partner-objects" title="Sites and objects">
          <LinkedObjects of={{ institution: institution.id }} empty={`No site or object lists ${institution.name} yet.`} />
        </PageSection>
        <PageSection id="partner-publications" title="Publications">
          <PublicationList publications={publications} empty="No publications listed yet." label={`Publications of ${institution.name}’s people`} />
        </PageSection>
      </Stack>
    </Container>
  );
}
