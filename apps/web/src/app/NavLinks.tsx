import { Anchor, Group, Stack } from '@mantine/core';
import { PrefetchLink } from '../components/PrefetchLink';
import { paths } from '../config/paths';
import { useAppConfig } from '../lib/app-config';
import classes from './Navbar.module.css';

export const NAV_LINKS = [
  { label: 'Projects', to: paths.projects },
  { label: 'Sites', to: paths.sites },
  { label: 'Photos', to: paths.photos },
  { label: 'People', to: paths.people },
  { label: 'Partners', to: paths.partners },
  { label: 'Publications', to: paths.pubs },
  { label: 'Insights', to: paths.insights },
];

/** The main links: in a row on the navbar, a column in the phone's drawer. */
export function Links({ onNavigate, vertical = false }: { onNavigate?: () => void; vertical?: boolean }) {
  const extra = useAppConfig()?.headerLinks ?? [];
  const Wrapper = vertical ? Stack : Group;
  return (
    <Wrapper gap={vertical ? 'xs' : 4}>
      {NAV_LINKS.map((link) => (
        <Anchor key={link.to} component={PrefetchLink} to={link.to} className={classes.link} onClick={onNavigate}>
          {link.label}
        </Anchor>
      ))}
      {extra.map((link) => (
        <Anchor key={link.url} href={link.url} className={classes.link} target={link.url.startsWith('http') ? '_blank' : undefined} rel="noreferrer">
          {link.label}
        </Anchor>
      ))}
    </Wrapper>
  );
}
