import { Accordion, Card, Stack, Text, Title } from '@mantine/core'

/**
 * Short answers to what customers ask most, in the words the product uses where each is done (the agreement, the
 * payment screens, the identity and wallet screens): nothing here promises more than those screens.
 */
const faq = (identityDuration: string): { question: string; answer: string[] }[] => [
  {
    question: 'What do you charge?',
    answer: [
      'Every order shows the price, our fee and the amount of crypto you receive before you pay. The price holds for the time the calculator shows.',
      'Fees of your bank or card issuer are theirs, not ours.',
    ],
  },
  {
    question: 'How long does each way of paying take?',
    answer: [
      "Card and pay-by-bank: you pay on your card provider's or your bank's secure page, and your order is paid as soon as they confirm the payment to us.",
      'Bank transfer and your virtual IBAN: your order is paid when the money arrives; a transfer can take up to one business day. We e-mail you when it arrives, and again when your coins are on their way.',
      'Money we send back usually shows on your statement within a few working days.',
    ],
  },
  {
    question: 'Why do you check my identity?',
    answer: [
      'The law requires us to know our customers before we send them crypto. It protects you and helps stop money laundering. We compare your selfie with the photo on your document to make sure nobody else uses your account.',
      identityDuration,
    ],
  },
  {
    question: 'Why must I prove my wallet?',
    answer: [
      'We send crypto only to a wallet you have shown to be yours. The law asks us to check this, so that coins reach their owner and nobody else.',
      'You sign a short message with the wallet, or, for an address at an exchange, name the exchange that holds it. You prove a wallet once; we remember it for your next orders.',
    ],
  },
]

/** /dashSupport's questions and answers; how long an identity check takes comes from the identity screens (app/). */
export function SupportFaq({ identityDuration }: { identityDuration: string }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="support-faq-title">
      <Stack gap="sm">
        <Title id="support-faq-title" order={2} fz="lg">
          Questions and answers
        </Title>
        <Accordion variant="separated" radius="md">
          {faq(identityDuration).map((item) => (
            <Accordion.Item key={item.question} value={item.question}>
              <Accordion.Control>{item.question}</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="xs">
                  {item.answer.map((line) => (
                    <Text key={line} size="sm">
                      {line}
                    </Text>
                  ))}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </Card>
  )
}
