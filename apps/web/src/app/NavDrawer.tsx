import { Anchor, Button, Divider, Drawer, Stack, useMantineColorScheme } from '@mantine/core';
import { PrefetchLink } from '../components/PrefetchLink';
import { paths } from '../config/paths';
import { Links } from './NavLinks';
import classes from './Navbar.module.css';

/** Help/Docs and the colours, which a visitor's small menu holds on wider screens. */
function DrawerExtras({ onNavigate }: { onNavigate: () => void }) {
  const { colorScheme, toggleColorScheme } = useMantineColorScheme();
  return (
    <Stack gap="xs" align="flex-start">
      <Anchor component={PrefetchLink} to={paths.docs} className={classes.link} onClick={onNavigate}>
        Help/Docs
      </Anchor>
      <Button variant="subtle" color="gray" size="compact-sm" onClick={toggleColorScheme}>
        {colorScheme === 'dark' ? 'Light colours' : 'Dark colours'}
      </Button>
    </Stack>
  );
}

/** The navigation on narrow screens, opened by the navbar's burger. */
export default function NavDrawer({ opened, onClose, title }: { opened: boolean; onClose: () => void; title: string }) {
  return (
    <Drawer opened={opened} onClose={onClose} title={title} hiddenFrom="md" size="xs">
      <nav aria-label="Main">
        <Links vertical onNavigate={onClose} />
      </nav>
      <Divider my="sm" />
      <DrawerExtras onNavigate={onClose} />
    </Drawer>
  );
}
