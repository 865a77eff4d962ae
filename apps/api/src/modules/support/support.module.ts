import { type Core, type ModuleParts, recurringJob } from '../module-kit'
import { remindComplaintDeadlines } from './complaint-reminders'
import type { SupportDeps } from './support-deps'
import { supportRoutes } from './support.routes'
import { createSupportService } from './support.service'

/** How often the complaints near or past their deadline are looked at (decision 126). */
const COMPLAINT_REMINDER_RUN_SECONDS = 3600

/** Customers' support tickets and complaints (decision 122); the operators answer them from the operator view. */
export function supportModule({ db, clock, mail, brand, publicUrl }: Core, needs: Pick<SupportDeps, 'isUkCustomer'>) {
  const support = createSupportService({
    db,
    clock,
    mail,
    brand,
    supportUrl: `${publicUrl}/dashSupport`,
    isUkCustomer: needs.isUkCustomer,
  })
  // Daily would do; hourly, a reminder is never later than an hour after a complaint comes within its days (decision 126).
  const remindComplaints = () =>
    remindComplaintDeadlines({ db, clock, mail }, (number) => `${publicUrl}/operator/tickets/${number}`)
  const parts: ModuleParts = {
    routes: [{ scope: 'user', routes: supportRoutes({ support }) }],
    jobs: [recurringJob('remind-complaint-deadlines', COMPLAINT_REMINDER_RUN_SECONDS, 120, remindComplaints)],
  }
  return { support, remindComplaints, parts }
}
