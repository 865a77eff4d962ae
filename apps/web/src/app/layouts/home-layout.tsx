import { Box, Container, SimpleGrid, Stack } from '@mantine/core'
import { Outlet } from 'react-router'
import { UkRiskBanner } from '../../features/uk-risk/components/uk-risk-banner'
import { WelcomeBlock } from '../../features/welcome/components/welcome-block'
import { useIsMobile } from '../../lib/use-is-mobile'
import { PUBLIC_HEADER_HEIGHT } from './public-layout'
import classes from './home-layout.module.css'

/** The home views (/, /signup, /login): welcome and form, stacked on phones, side by side from 768 px. */
export function HomeLayout() {
  const mobile = useIsMobile()

  return (
    <>
      <UkRiskBanner top={PUBLIC_HEADER_HEIGHT} />
      {mobile ? (
        <Stack gap="lg" px="md" py="lg" data-layout="mobile">
          <WelcomeBlock compact />
          <Outlet />
        </Stack>
      ) : (
        <Container size={1160} px="lg" py={64} data-layout="web">
          <SimpleGrid cols={2} spacing={48} className={classes.columns}>
            <Box className={classes.welcome}>
              <WelcomeBlock />
            </Box>
            <Box className={classes.form}>
              <Outlet />
            </Box>
          </SimpleGrid>
        </Container>
      )}
    </>
  )
}
