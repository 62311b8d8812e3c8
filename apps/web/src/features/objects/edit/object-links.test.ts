import { describe, expect, it } from 'vitest';
import { linkTargetId, removeLink, reorderLink, saveLink, type InstitutionLink, type PersonLink } from './object-links';

const person = (name: string, position: number, role: string | null = null): PersonLink => ({
  person: { id: `id-${name}`, slug: name.toLowerCase(), name },
  role,
  position,
});
const names = (links: PersonLink[]) => links.map((l) => `${l.position}:${l.person.name}${l.role ? ` (${l.role})` : ''}`);

const three = [person('Ada', 0), person('Grace', 1, 'Botanist'), person('Tomás', 2)];

describe('people and institutions of an object', () => {
  it('saving a link for someone already linked replaces their link in place', () => {
    expect(names(saveLink(three, person('Grace', 99, 'Soil scientist')))).toEqual(['0:Ada', '1:Grace (Soil scientist)', '2:Tomás']);
  });

  it('saving a link for someone new appends it at the end', () => {
    expect(names(saveLink(three, person('Mei', 0, 'Technician')))).toEqual(['0:Ada', '1:Grace (Botanist)', '2:Tomás', '3:Mei (Technician)']);
    expect(names(saveLink([], person('Mei', 5)))).toEqual(['0:Mei']);
  });

  it('reordering moves a link to its new position and renumbers the others', () => {
    expect(names(reorderLink(three, 'id-Tomás', 0))).toEqual(['0:Tomás', '1:Ada', '2:Grace (Botanist)']);
    expect(names(reorderLink(three, 'id-Ada', 2))).toEqual(['0:Grace (Botanist)', '1:Tomás', '2:Ada']);
    expect(names(reorderLink(three, 'id-Ada', 10))).toEqual(['0:Grace (Botanist)', '1:Tomás', '2:Ada']);
  });

  it('reordering keeps the links as they were, without extra fields', () => {
    expect(reorderLink(three, 'id-Grace', 0)[0]).toEqual(person('Grace', 0, 'Botanist'));
  });

  it('removing a link takes it out and renumbers the rest', () => {
    expect(names(removeLink(three, 'id-Ada'))).toEqual(['0:Grace (Botanist)', '1:Tomás']);
    expect(names(removeLink(three, 'id-nobody'))).toEqual(names(three));
  });

  it('works the same for institutions, identified by the institution', () => {
    const uni: InstitutionLink = { institution: { id: 'u', slug: 'uni', name: 'University' }, role: 'Partner', position: 0 };
    const lab: InstitutionLink = { institution: { id: 'l', slug: 'lab', name: 'Lab' }, role: null, position: 1 };
    expect(linkTargetId(uni)).toBe('u');
    expect(reorderLink([uni, lab], 'l', 0).map((l) => l.institution.name)).toEqual(['Lab', 'University']);
    expect(saveLink([uni, lab], { ...uni, role: 'Host' }).map((l) => l.role)).toEqual(['Host', null]);
  });
});
