// `npm run dev`: the api with reload on :3000 and the Vite dev server with hot reload on :5173,
// which forwards api calls to :3000. Open http://localhost:5173.
import { spawn } from 'node:child_process'

const children = [
  spawn('npm', ['run', 'dev', '-w', '@exchange/api'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@exchange/web'], { stdio: 'inherit' }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children)
  child.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  })
