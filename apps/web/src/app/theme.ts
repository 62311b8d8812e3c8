import { createTheme, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeComponent } from '@mantine/core';

/** Orange-red for danger (spec: blue primary, green success, orange-red danger). */
const danger: MantineColorsTuple = ['#fff0e6', '#ffdfcf', '#fcbd9e', '#f9996a', '#f67a3e', '#f46621', '#f45b11', '#d94b04', '#c24100', '#a93400'];

const closeNamed: MantineThemeComponent = { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } };

export const theme = createTheme({
  primaryColor: 'blue',
  // Darker shades than Mantine's default keep text and links at WCAG AA contrast.
  primaryShade: { light: 8, dark: 4 },
  colors: { danger },
  other: { success: 'green', danger: 'danger' },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
  // Dialogs, menus and drawers appear at once for a reader whose system asks for less motion.
  respectReducedMotion: true,
  // Plain objects rather than Modal.extend(...): that would load the dialogs' code on a first visit.
  components: {
    // Close buttons show only an icon: give them a name (axe: button-name).
    Notification: closeNamed,
    // The same for every dialog, including those opened through @mantine/modals.
    Modal: closeNamed,
  },
});

/**
 * "dimmed" text one shade darker than Mantine's, and field errors in the danger colour
 * at 5.2:1 instead of Mantine's red at 3.3:1, for contrast (axe: color-contrast).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7]!, '--mantine-color-error': t.colors.danger![8]! },
  dark: { '--mantine-color-dimmed': t.colors.dark[1]! },
});
