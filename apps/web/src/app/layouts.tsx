import { Box, Center, Container, Paper } from '@mantine/core';
import { Outlet } from 'react-router';
import { Footer } from './Footer';
import { Navbar } from './Navbar';

/** Navbar and footer around the page. */
export function DefaultLayout() {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Navbar />
      <Box component="main" id="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Footer />
    </Box>
  );
}

/** A centred container (password reset). */
export function LoginLayout() {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Navbar />
      <Center component="main" id="main" style={{ flex: 1 }} p="md">
        <Container size={440} w="100%">
          <Paper withBorder shadow="sm" p="xl" radius="md">
            <Outlet />
          </Paper>
        </Container>
      </Center>
      <Footer />
    </Box>
  );
}

/** No chrome at all (sign-in). */
export function PlainLayout() {
  return (
    <Box component="main" id="main">
      <Outlet />
    </Box>
  );
}
