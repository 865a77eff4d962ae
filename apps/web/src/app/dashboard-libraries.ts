/**
 * The signed-in area's libraries (Mantine with its notices, the query cache, and the vendor chunk beside them), asked
 * for on their own as the layout and the screen are (router.tsx): the browser runs their modules in a task of their
 * own as soon as they arrive, and the app's modules in another, instead of all of them in one long task that keeps a
 * phone from answering a tap (decision 068). A chunk's modules run whole, whichever of its exports is named here.
 */
export { MantineProvider } from '@mantine/core'
export { Notifications } from '@mantine/notifications'
export { QueryClientProvider } from '@tanstack/react-query'
