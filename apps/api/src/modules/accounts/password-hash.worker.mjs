// The thread that hashes passwords (decision 059), started by passwords.ts. Plain JavaScript because Node 20 runs a
// worker's file itself, without the TypeScript loader of tests and `npm run dev`; the build bundles it beside
// dist/server.js. It answers each `PasswordHashJob` with one `PasswordHashAnswer` (both declared in passwords.ts).
import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { hashSync, verifySync } from '@node-rs/argon2'

// The lowest priority, for this thread alone (on Linux the nice value is per thread and pid 0 is the calling thread):
// the event loop and everything else in the process win the CPU whenever they want it; a hash takes what is left.
// Elsewhere (macOS, Windows) it is the whole process's, which the event loop would share: there the hash runs as before.
if (process.platform === 'linux') setPriority(0, 19)

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
