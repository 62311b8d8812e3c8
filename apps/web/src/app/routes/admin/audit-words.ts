import type { AuditEntry } from '@observatory/shared';
import { paths } from '../../../config/paths';

/** What was done, as the words before the target: "added a photo to". */
export const AUDIT_VERBS: Record<string, string> = {
  'project.create': 'created the project',
  'project.update': 'changed the project',
  'project.delete': 'deleted the project',
  'project.file.create': 'added a file to',
  'project.file.change': 'changed a file of',
  'project.file.delete': 'deleted a file of',
  'project.file.version.create': 'added a file version to',
  'project.file.version.delete': 'deleted a file version of',
  'project.update.create': 'posted an update on',
  'project.update.change': 'changed an update on',
  'project.update.delete': 'deleted an update of',
  'object.create': 'created',
  'object.update': 'changed',
  'object.delete': 'deleted',
  'object.project.put': 'added a project to',
  'object.project.delete': 'took a project from',
  'note.create': 'wrote a note on',
  'note.update': 'changed a note on',
  'note.delete': 'deleted a note on',
  'photo.create': 'added a photo to',
  'photo.update': 'changed a photo of',
  'photo.delete': 'deleted a photo of',
  'person.create': 'added',
  'person.update': 'changed the profile of',
  'person.delete': 'deleted',
  'person.photo.put': 'changed the photo of',
  'person.photo.delete': 'removed the photo of',
  'affiliation.put': 'changed an affiliation of',
  'affiliation.delete': 'removed an affiliation of',
  'invitation.create': 'invited',
  'institution.create': 'added the partner',
  'institution.update': 'changed the partner',
  'institution.delete': 'deleted the partner',
  'institution.logo.put': 'changed the logo of',
  'institution.logo.delete': 'removed the logo of',
  'category.create': 'created the category',
  'category.update': 'changed the category',
  'category.delete': 'deleted the category',
  'team.create': 'created the team',
  'team.update': 'changed the team',
  'team.delete': 'deleted the team',
  'role.create': 'created the role',
  'role.update': 'changed the role',
  'role.delete': 'deleted the role',
  'user.create': 'created the account',
  'user.reset-link': 'made a password reset link for',
  'user.email.requested': 'asked to change the e-mail address of',
  'user.email.change': 'confirmed a new e-mail address for',
  'user.role.put': 'gave a role to',
  'user.role.delete': 'took a role from',
  'unit.create': 'added the unit',
  'unit.update': 'changed the unit',
  'unit.delete': 'removed the unit',
  'metric.create': 'created the metric',
  'metric.update': 'changed the metric',
  'metric.delete': 'deleted the metric',
  'schema.create': 'created the metadata schema',
  'schema.update': 'saved a new version of the metadata schema',
  'schema.delete': 'deleted the metadata schema',
  'objtype.create': 'created the object type',
  'objtype.update': 'changed the object type',
  'objtype.delete': 'deleted the object type',
  'nodetype.create': 'created the node type',
  'nodetype.update': 'changed the node type',
  'nodetype.delete': 'deleted the node type',
  'node.create': 'created the node',
  'node.update': 'changed the node',
  'node.delete': 'deleted the node',
  'datatable.create': 'created the data table',
  'datatable.update': 'changed the data table',
  'datatable.delete': 'deleted the data table',
  'observations.write': 'wrote observations to',
  'observations.import': 'imported observations into',
  'observations.review': 'reviewed observations of',
  'observations.delete': 'deleted an observation of',
  'datastream.create': 'added a datastream to',
  'datastream.update': 'changed a datastream of',
  'datastream.delete': 'deleted a datastream and its observations of',
  'sensor.create': 'added a sensor to',
  'sensor.update': 'changed a sensor of',
  'sensor.delete': 'deleted a sensor of',
  'page.create': 'created the page',
  'page.update': 'changed the page',
  'page.move': 'moved the page',
  'page.delete': 'deleted the page',
  'shortlink.create': 'created the shortlink',
  'shortlink.update': 'changed the shortlink',
  'shortlink.delete': 'deleted the shortlink',
  'webhook.create': 'added the webhook',
  'webhook.update': 'changed the webhook',
  'webhook.delete': 'deleted the webhook',
  'setting.basemap': 'changed',
  'asset.upload': 'uploaded',
  'asset.delete': 'removed the file',
  'asset.strays.sweep': 'swept stray files from',
  'publication.create': 'added the publication',
  'publication.update': 'changed the publication',
  'publication.delete': 'deleted the publication',
  'publication.author.confirm': 'confirmed an author link of',
  'publication.author.unlink': 'removed an author link from',
  'project.publication.add': 'linked a publication to',
  'project.publication.remove': 'unlinked a publication from',
  'project.objtypes': 'changed the object types of',
  'insight.create': 'wrote the insight',
  'insight.update': 'changed the insight',
  'insight.delete': 'deleted the insight',
  'comment.create': 'commented on',
  'comment.update': 'changed a comment on',
  'comment.delete': 'deleted a comment on',
  'comment.photo': 'added an image to a comment on',
  'import.objects': 'imported objects from',
  'invitation.accept': 'accepted the invitation of',
  'mail.settings': 'changed the mail settings of',
  'mail.unsubscribe': 'unsubscribed',
  'apikey.create': 'made an API key for',
  'apikey.revoke': 'revoked an API key of',
  'user.update': 'changed the account',
};

/** A target of each kind in words when it may not be named. */
const UNNAMED: Record<string, { hidden: string; gone: string }> = {
  project: { hidden: 'a members-only project', gone: 'a project since deleted' },
  object: { hidden: 'a members-only object', gone: 'an object since deleted' },
  user: { hidden: 'an account', gone: 'an account since deleted' },
  schema: { hidden: 'a metadata schema', gone: 'a metadata schema since deleted' },
  objtype: { hidden: 'an object type', gone: 'an object type since deleted' },
  nodetype: { hidden: 'a node type', gone: 'a node type since deleted' },
  datatable: { hidden: 'a data table of a project you may not see', gone: 'a data table since deleted' },
  page: { hidden: 'a draft page', gone: 'a page since deleted' },
  insight: { hidden: 'an insight you may not see', gone: 'an insight since deleted' },
  storage: { hidden: 'the file storage', gone: 'the file storage' },
  import: { hidden: 'a spreadsheet', gone: 'a spreadsheet' },
  asset: { hidden: 'a file', gone: 'a file since deleted' },
  setting: { hidden: 'the maps’ basemap', gone: 'the maps’ basemap' },
};
const unnamed = (type: string) => UNNAMED[type] ?? { hidden: `a ${type.replace(/_/g, ' ')}`, gone: `a ${type.replace(/_/g, ' ')} since deleted` };

/** Where a named target's page is. */
const ADDRESS: Record<string, (key: string) => string> = {
  project: paths.project,
  object: (key) => paths.object(key),
  person: paths.person,
  institution: paths.partner,
  team: paths.team,
  user: (key) => paths.adminUser(key),
  role: paths.adminRole,
  institution_category: () => paths.adminInstitutions,
  unit: paths.adminUnit,
  metric: paths.adminMetric,
  schema: paths.adminSchema,
  objtype: paths.adminObjectType,
  nodetype: paths.adminNodeType,
  node: paths.node,
  // Its key is its project's: the table is on the project's Data tab.
  datatable: (project) => `${paths.project(project)}/data`,
  page: paths.docPage,
  publication: paths.pub,
  insight: paths.insight,
  shortlink: () => paths.adminShortlinks,
  webhook: () => paths.adminWebhooks,
  asset: paths.asset,
};

export interface ChangeInWords {
  /** Who did it and what: "ada added a photo to". */
  lead: string;
  /** What it was done to: a name with its page, or words without a link. */
  target: { text: string; to: string | null };
}

/**
 * An audit entry as a sentence: "ada added a photo to" + "Abisko birch–tundra ecotone"
 * (a link). A target the reader may not see reads "a members-only project", with no name
 * and no link; one deleted since is named only when the server gave its name.
 */
export function changeInWords(entry: Pick<AuditEntry, 'action' | 'actor' | 'targetType' | 'target'>): ChangeInWords {
  const who = entry.actor ?? 'The system';
  const verb = AUDIT_VERBS[entry.action] ?? `did “${entry.action}” to`;
  const { state, name, key } = entry.target;
  const address = ADDRESS[entry.targetType];
  const target =
    state === 'shown' && name !== null
      ? { text: name, to: key !== null && address ? address(key) : null }
      : state === 'gone' && name !== null
        ? { text: `${name} (since deleted)`, to: null }
        : { text: unnamed(entry.targetType)[state === 'gone' ? 'gone' : 'hidden'], to: null };
  return { lead: `${who} ${verb}`, target };
}
