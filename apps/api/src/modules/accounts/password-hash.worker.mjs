// The thread that hashes passwords (decision 059), started by passwords.ts. Plain JavaScript because Node 20 runs a
// worker's file itself, without the TypeScript loader of tests and `npm run dev`; the build bundles it beside
// dist/server.js. It answers each `PasswordHashJob` with one `PasswordHashAnswer` (both declared in passwords.ts).
import { spawnSync } from 'node:child_process'
import { existsSync, readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { hashSync, verifySync } from '@node-rs/argon2'

// The lowest priority, for this thread alone (on Linux the nice value is per thread and pid 0 is the calling thread):
// the event loop and everything else in the process win the CPU whenever they want it; a hash takes what is left.
// Elsewhere (macOS, Windows) it is the whole process's, which the event loop would share: there the hash runs as before.
if (process.platform === 'linux') {
  setPriority(0, 19)
  idleClass()
}

/**
 * Linux's idle class (SCHED_IDLE) on top of nice 19 (decision 065): a waking event loop takes the core from this thread
 * at once, where a nice thread could keep it for the rest of its slice. Node has no call for it, so util-linux's
 * `chrt` sets it on this thread's id; any thread may lower itself to it. Without `chrt`, or where it cannot be run, the
 * thread stays at nice 19.
 */
function idleClass() {
  // Where util-linux puts chrt; a test names another place (`workerData.chrtPaths`) to see the thread without it.
  const candidates = workerData?.chrtPaths ?? ['/usr/bin/chrt', '/bin/chrt']
  const chrt = candidates.find((path) => existsSync(path))
  if (!chrt) return
  try {
    const threadId = readlinkSync('/proc/thread-self').split('/').at(-1)
    spawnSync(chrt, ['--idle', '--pid', '0', threadId], { stdio: 'ignore', timeout: 5_000 })
  } catch {
    // No /proc/thread-self (a kernel before 3.17, /proc not mounted) or no way to start chrt: nice 19 it is.
  }
}

parentPort.on('message', (job) => {
  let answer
  try {
    answer = {
      ok: true,
      value: job.kind === 'hash' ? hashSync(job.password, job.options) : verifySync(job.storedHash, job.password),
    }
  } catch (error) {
    // argon2 refused the input (a stored hash it cannot read): the thread itself is fine.
    answer = { ok: false, failed: error instanceof Error ? error.message : String(error) }
  }
  parentPort.postMessage(answer)
})
