import type { BrandConfig } from '@exchange/shared/brand.schemas'
import type { MailTransport } from '../../providers/mail/mail.provider'
import type { OrderSummary } from '@exchange/shared/orders.schemas'
import {
  type OrderUpdate,
  renderOrderCreatedMail,
  renderOrderUpdateMail,
  renderPasswordChangedMail,
  renderResetCodeMail,
  renderVerificationCodeMail,
} from './mail.templates'

export interface MailServiceDeps {
  transport: MailTransport
  brand: BrandConfig
}

export type MailService = ReturnType<typeof createMailService>

export function createMailService({ transport, brand }: MailServiceDeps) {
  async function sendVerificationCode(to: string, code: string, reason: 'verify_email' | 'login') {
    await transport.send({
      to,
      ...renderVerificationCodeMail(brand, code, reason),
      template: `code_${reason}`,
      devNote: `code=${code}`,
    })
  }

  async function sendResetCode(to: string, code: string) {
    await transport.send({ to, ...renderResetCodeMail(brand, code), template: 'code_reset', devNote: `code=${code}` })
  }

  async function sendPasswordChanged(to: string, changedAt: Date) {
    await transport.send({ to, ...renderPasswordChangedMail(brand, changedAt), template: 'password_changed' })
  }

  async function sendOrderCreated(to: string, order: OrderSummary, simulatedPrice: boolean) {
    await transport.send({
      to,
      ...renderOrderCreatedMail(brand, order, simulatedPrice),
      template: 'order_created',
      devNote: `order=${order.orderReference}`,
    })
  }

  async function sendOrderUpdate(to: string, reference: string, template: string, update: OrderUpdate) {
    await transport.send({
      to,
      ...renderOrderUpdateMail(brand, reference, update),
      template,
      devNote: `order=${reference}`,
    })
  }

  return { sendVerificationCode, sendResetCode, sendPasswordChanged, sendOrderCreated, sendOrderUpdate }
}
