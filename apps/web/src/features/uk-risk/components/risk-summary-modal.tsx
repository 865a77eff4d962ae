import { UK_RISK_SUMMARY } from '@exchange/shared/uk-regulation'
import { List, Modal, Stack, Text, Title } from '@mantine/core'
import { useCatalog } from '../../../lib/i18n/catalog'
import { ukRiskCatalog } from '../messages'
import { EnglishRulesNote } from './english-note'
import { PointText } from './risk-summary-parts'

interface RiskSummaryModalProps {
  opened: boolean
  onClose: () => void
}

/** The FCA risk summary (COBS 4 Annex 1R), shown in the middle of the screen as the main focus. */
export function RiskSummaryModal({ opened, onClose }: RiskSummaryModalProps) {
  const t = useCatalog(ukRiskCatalog)
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      size="lg"
      radius="md"
      title={t('uk-risk.summary.title')}
      closeButtonProps={{ 'aria-label': t('uk-risk.summary.close') }}
      styles={{
        content: { border: '2px solid var(--mantine-color-dark-7)' },
        title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 },
      }}
      data-version={UK_RISK_SUMMARY.version}
    >
      <EnglishRulesNote />
      <Stack gap="md" lang="en" mt="sm">
        <Text size="sm" fw={600}>
          {UK_RISK_SUMMARY.readingTime}
        </Text>
        <Text>{UK_RISK_SUMMARY.intro}</Text>
        <Title order={3} fz="lg">
          {UK_RISK_SUMMARY.title}
        </Title>
        <ol
          style={{
            margin: 0,
            paddingLeft: '1.4rem',
            display: 'flex',
            flexDirection: 'column',
            gap: 'var(--mantine-spacing-md)',
          }}
        >
          {UK_RISK_SUMMARY.sections.map((section) => (
            <li key={section.heading}>
              <Text component="h4" fw={700} m={0} mb={6}>
                {section.heading}
              </Text>
              <List spacing={6} size="sm" withPadding listStyleType="disc">
                {section.points.map((point) => (
                  <List.Item key={point.text}>
                    <PointText point={point} />
                  </List.Item>
                ))}
              </List>
            </li>
          ))}
        </ol>
      </Stack>
    </Modal>
  )
}
