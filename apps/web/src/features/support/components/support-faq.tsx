import { Accordion, Card, Stack, Text, Title } from '@mantine/core'
import { useCatalog } from '../../../lib/i18n/catalog'
import { supportCatalog } from '../messages'

type SupportId = Parameters<typeof supportCatalog.t>[0]

/**
 * Short answers to what customers ask most, in the words the product uses where each is done (the agreement, the
 * payment screens, the identity and wallet screens): nothing here promises more than those screens. Keys, said at
 * render in the customer's language (decision 129).
 */
const FAQ: { question: SupportId; answer: SupportId[]; identityDuration?: true }[] = [
  {
    question: 'support.faq.charge.question',
    answer: ['support.faq.charge.price', 'support.faq.charge.bankFees'],
  },
  {
    question: 'support.faq.speed.question',
    answer: ['support.faq.speed.card', 'support.faq.speed.transfer', 'support.faq.speed.refund'],
  },
  { question: 'support.faq.identity.question', answer: ['support.faq.identity.why'], identityDuration: true },
  {
    question: 'support.faq.wallet.question',
    answer: ['support.faq.wallet.why', 'support.faq.wallet.how'],
  },
]

/** /dashSupport's questions and answers; how long an identity check takes comes from the identity screens (app/). */
export function SupportFaq({ identityDuration }: { identityDuration: string }) {
  const t = useCatalog(supportCatalog)
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="support-faq-title">
      <Stack gap="sm">
        <Title id="support-faq-title" order={2} fz="lg">
          {t('support.faq.title')}
        </Title>
        <Accordion variant="separated" radius="md">
          {FAQ.map((item) => {
            const lines = item.answer.map((id) => t(id))
            return (
              <Accordion.Item key={item.question} value={item.question}>
                <Accordion.Control>{t(item.question)}</Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="xs">
                    {(item.identityDuration ? [...lines, identityDuration] : lines).map((line) => (
                      <Text key={line} size="sm">
                        {line}
                      </Text>
                    ))}
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            )
          })}
        </Accordion>
      </Stack>
    </Card>
  )
}
