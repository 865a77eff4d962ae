// `vitest run` for `npm test`: the Chromium journeys (one file at a time) beside every other project, in two
// processes. In one process Vitest runs a project without file parallelism after all the others, so the journeys,
// which mostly wait on Chromium and the app, would start only when the api tests end. Each line is prefixed with its
// run; the exit code is the first failure's.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

const runs = [
  { name: 'tests', args: ['run', '--project', '!e2e'] },
  { name: 'e2e', args: ['run', '--project', 'e2e'] },
]

const processes = []
const children = runs.map(({ name, args }) => {
  const child = spawn('npx', ['vitest', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`))
  }
  processes.push(child)
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0) })))
})

const stop = () => {
  for (const child of processes) child.kill('SIGTERM')
  process.exitCode = 130
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)

const results = await Promise.all(children)
for (const { name, code } of results) console.log(`[${name}] ${code === 0 ? 'passed' : `failed (exit ${code})`}`)
process.exitCode = results.find(({ code }) => code !== 0)?.code ?? 0
