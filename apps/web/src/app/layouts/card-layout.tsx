import { Center } from '@mantine/core'
import { Outlet } from 'react-router'

/** The other public screens: one centred card. */
export function CardLayout() {
  return (
    <Center px="md" py={{ base: 'lg', sm: 64 }}>
      <Outlet />
    </Center>
  )
}
