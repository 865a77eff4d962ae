import { z } from 'zod'
import { answerOf, successAnswer } from './answer'
import { OrderReference } from './orders.schemas'
import { BrandName } from './validators'

/** What a customer's request is about; `complaint` is handled under the complaint rules (decision 122). */
export const SUPPORT_TOPICS = ['order', 'payment', 'identity', 'wallet', 'account', 'complaint', 'other'] as const
export const SupportTopic = z.enum(SUPPORT_TOPICS)
export type SupportTopic = z.infer<typeof SupportTopic>

/** `open` waits for the support team, `answered` for the customer; `closed` takes no more messages. */
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const
export type TicketStatus = (typeof TICKET_STATUSES)[number]

/** Every step of a ticket, each stored with its time (decision 122). */
/**
 * `deadline_reminded` and `deadline_passed` (decision 126): the operators were mailed that a complaint's deadline comes
 * within COMPLAINT_REMINDER_DAYS, or has passed; each at most once per complaint.
 */
export const TICKET_STEPS = [
  'opened',
  'acknowledged',
  'customer_replied',
  'operator_replied',
  'closed',
  'deadline_reminded',
  'deadline_passed',
] as const
export type TicketStep = (typeof TICKET_STEPS)[number]

/** How many days before a complaint's deadline the operators are reminded of it (decision 126). */
export const COMPLAINT_REMINDER_DAYS = 7

/** The longest message, in characters, and the most files sent with a request. */
export const SUPPORT_MESSAGE_MAX = 4000
export const SUPPORT_MESSAGE_MIN = 5
export const SUPPORT_ATTACHMENTS_MAX = 3
/** Requests one customer may open in 24 hours; past it they answer in one they have. */
export const SUPPORT_TICKETS_PER_DAY = 10
/** Messages one ticket may hold. */
export const SUPPORT_MESSAGES_PER_TICKET = 100

/** A ticket's number as the customer reads it: T- and at least six digits. */
export const TicketNumber = z
  .string()
  .trim()
  .regex(/^T-\d{6,12}$/, 'Unknown ticket number')

export const ticketNumberOf = (serial: number) => `T-${String(serial).padStart(6, '0')}`

export const SupportMessage = z
  .string()
  .trim()
  .min(SUPPORT_MESSAGE_MIN, `Please write at least ${SUPPORT_MESSAGE_MIN} characters`)
  .max(SUPPORT_MESSAGE_MAX, `Please keep the message under ${SUPPORT_MESSAGE_MAX} characters`)

export const OpenTicketRequest = z.object({
  brandName: BrandName,
  topic: SupportTopic,
  /** One of this customer's own orders, when the request is about one. */
  orderReference: OrderReference.optional(),
  message: SupportMessage,
  /** Files sent first with `uploadFile` (purpose `support_attachment`), each attached once. */
  attachmentIds: z
    .array(z.uuid())
    .max(SUPPORT_ATTACHMENTS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'An attachment is named twice')
    .default([]),
})
export type OpenTicketRequest = z.infer<typeof OpenTicketRequest>

export const TicketSummary = z.object({
  number: TicketNumber,
  topic: SupportTopic,
  status: z.enum(TICKET_STATUSES),
  orderReference: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** A complaint's: when it was acknowledged and when the final answer is due. */
  acknowledgedAt: z.string().nullable(),
  responseDueAt: z.string().nullable(),
})
export type TicketSummary = z.infer<typeof TicketSummary>

export const TicketThreadMessage = z.object({
  from: z.enum(['customer', 'support']),
  body: z.string(),
  at: z.string(),
})
export type TicketThreadMessage = z.infer<typeof TicketThreadMessage>

export const TicketAttachment = z.object({ id: z.uuid(), fileName: z.string(), mediaType: z.string() })

export const TicketDetail = TicketSummary.extend({
  messages: z.array(TicketThreadMessage),
  attachments: z.array(TicketAttachment),
})
export type TicketDetail = z.infer<typeof TicketDetail>

export const ListTicketsRequest = z.object({ brandName: BrandName })
export const TicketRequest = z.object({ brandName: BrandName, number: TicketNumber })
export const ReplyTicketRequest = TicketRequest.extend({ message: SupportMessage })

export const TicketAnswer = answerOf(successAnswer({ data: TicketDetail }))
export type TicketAnswer = z.infer<typeof TicketAnswer>
export const ListTicketsAnswer = answerOf(successAnswer({ data: z.array(TicketSummary) }))
export type ListTicketsAnswer = z.infer<typeof ListTicketsAnswer>
