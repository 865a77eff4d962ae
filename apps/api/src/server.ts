import { buildApp } from './app'
import { ConfigError, loadConfig } from './config/config'

async function main() {
  const config = loadConfig()
  const app = await buildApp(config)

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing requests in flight')
    const forced = setTimeout(() => {
      app.log.error('shutdown took too long, exiting')
      process.exit(1)
    }, 10_000)
    forced.unref()
    await app.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ host: config.host, port: config.port })
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message)
  } else {
    console.error('failed to start', error)
  }
  process.exit(1)
})
