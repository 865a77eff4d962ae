import type { CustomerFile } from '@exchange/shared/back-office.schemas'
import { Anchor, List, Stack, Table, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { asProblem, postAction, withReason } from '../api/client'
import { customerKey, customerQuery } from '../api/queries'
import { Facts } from '../components/facts'
import { Notice } from '../components/notice'
import { OrdersTable } from '../components/orders-table'
import { Problem } from '../components/problem'
import { ReasonActions } from '../components/reason-actions'
import { Section } from '../components/section'
import { TrailTable } from '../components/trail-table'
import { WithViewReason } from '../components/view-reason'
import { formatTime } from '../format'
import { Loading } from '../layout'
import { holds, useMe } from '../me'

/** A document's download (the server's audited route) takes the reason when it is long enough for it (10 characters). */
const documentLink = (id: string, reason: string) =>
  reason.length >= 10 ? withReason(`/operator/documents/${id}`, reason) : `/operator/documents/${id}`

function IdentityReview({ file, refresh }: { file: CustomerFile; refresh: (done: string) => void }) {
  const me = useMe()
  const review = file.identityReview
  if (!review) return <Text size="sm">No identity check waits for a person.</Text>
  const customerId = file.customer.id
  return (
    <Stack gap="xs">
      <Facts
        rows={[
          ['Status', review.status],
          ['Since', formatTime(review.since)],
          ['Name given', review.declaredName ?? '—'],
          ['Name on the document', review.documentName ?? '—'],
        ]}
      />
      {review.reasons.length > 0 ? (
        <List size="sm">
          {review.reasons.map((reason) => (
            <List.Item key={reason}>{reason}</List.Item>
          ))}
        </List>
      ) : null}
      {holds(me, 'compliance') ? (
        <ReasonActions
          label="Reason (needed to reject)"
          onDone={refresh}
          actions={[
            {
              label: 'Approve',
              color: 'green',
              reasonOptional: true,
              done: 'Identity approved; held payouts go ahead.',
              run: (reason) =>
                postAction('/operator/actions/approve-identity', reason ? { customerId, reason } : { customerId }),
            },
            {
              label: 'Reject',
              color: 'red',
              done: 'Identity rejected; held payments are refunded.',
              run: (reason) => postAction('/operator/actions/reject-identity', { customerId, reason }),
            },
          ]}
        />
      ) : null}
    </Stack>
  )
}

/** The questionnaire answers wait: clearing them is asked of a second operator (decision 132), a rejection is final. */
function EnhancedChecksSection({ file, refresh }: { file: CustomerFile; refresh: (done: string) => void }) {
  const me = useMe()
  const waiting = file.enhancedChecks
  if (!waiting) return null
  const customerId = file.customer.id
  return (
    <Section title="Enhanced checks">
      <Text size="sm">Questionnaire answers wait for a decision since {formatTime(waiting.since)}.</Text>
      {holds(me, 'compliance') ? (
        <ReasonActions
          onDone={refresh}
          actions={[
            {
              label: 'Ask to clear',
              color: 'green',
              done: 'Asked to clear the enhanced checks.',
              run: (reason) => postAction('/operator/actions/approve-enhanced-checks', { customerId, reason }),
            },
            {
              label: 'Reject',
              color: 'red',
              done: 'Enhanced checks rejected.',
              run: (reason) => postAction('/operator/actions/reject-enhanced-checks', { customerId, reason }),
            },
          ]}
        />
      ) : null}
    </Section>
  )
}

/** Proofs of address sent for a declared residence outside the UK (decision 091): each is read and decided alone. */
function ProofsOfAddressSection({
  proofs,
  reason,
  refresh,
}: {
  proofs: CustomerFile['proofsOfAddress']
  reason: string
  refresh: (done: string) => void
}) {
  const me = useMe()
  if (proofs.length === 0) return null
  return (
    <Section title="Proofs of address">
      {proofs.map((proof) => (
        <Stack key={proof.documentId} gap="xs">
          <Text size="sm">
            <Anchor href={documentLink(proof.documentId, reason)} size="sm">
              {proof.fileName}
            </Anchor>{' '}
            (declared residence {proof.declaredCountry}, sent {formatTime(proof.since)})
          </Text>
          {holds(me, 'compliance') ? (
            <ReasonActions
              label="What the proof shows"
              onDone={refresh}
              actions={[
                {
                  label: 'Accept',
                  color: 'green',
                  done: 'Proof of address accepted.',
                  run: (why) =>
                    postAction('/operator/actions/accept-proof-of-address', {
                      documentId: proof.documentId,
                      reason: why,
                    }),
                },
                {
                  label: 'Reject',
                  color: 'red',
                  done: 'Proof of address rejected.',
                  run: (why) =>
                    postAction('/operator/actions/reject-proof-of-address', {
                      documentId: proof.documentId,
                      reason: why,
                    }),
                },
              ]}
            />
          ) : null}
        </Stack>
      ))}
    </Section>
  )
}

function JourneySection({ journey }: { journey: CustomerFile['journey'] }) {
  return (
    <Section title="Journey">
      <Table.ScrollContainer minWidth={420}>
        <Table striped withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Step</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Since</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {journey.map((step) => (
              <Table.Tr key={step.step}>
                <Table.Td>{step.step}</Table.Td>
                <Table.Td>{step.state}</Table.Td>
                <Table.Td>{step.since ? formatTime(step.since) : ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  )
}

function DocumentsSection({ documents, reason }: { documents: CustomerFile['documents']; reason: string }) {
  return (
    <Section title="Documents">
      {documents.length === 0 ? (
        <Text size="sm">No documents.</Text>
      ) : (
        <List size="sm">
          {documents.map((document) => (
            <List.Item key={document.id}>
              <Anchor href={documentLink(document.id, reason)} size="sm">
                {document.fileName}
              </Anchor>{' '}
              ({document.kind}, {formatTime(document.uploadedAt)})
            </List.Item>
          ))}
        </List>
      )}
    </Section>
  )
}

function TicketsSection({ tickets }: { tickets: CustomerFile['tickets'] }) {
  return (
    <Section title="Tickets">
      {tickets.length === 0 ? (
        <Text size="sm">No tickets.</Text>
      ) : (
        <List size="sm">
          {tickets.map((ticket) => (
            <List.Item key={ticket.number}>
              <Anchor href={`/operator/tickets/${ticket.number}`} size="sm">
                #{ticket.number} {ticket.subject}
              </Anchor>{' '}
              ({ticket.status}, {formatTime(ticket.updatedAt)})
            </List.Item>
          ))}
        </List>
      )}
    </Section>
  )
}

function CustomerFileView({ customerId, reason }: { customerId: string; reason: string }) {
  const queryClient = useQueryClient()
  const file = useQuery(customerQuery(customerId, reason))
  const [notice, setNotice] = useState<string | null>(null)
  const refresh = (done: string) => {
    setNotice(done)
    void queryClient.invalidateQueries({ queryKey: customerKey(customerId) })
  }
  if (file.isPending) return <Loading />
  if (file.isError) return <Problem problem={asProblem(file.error)} />
  const { customer, journey, proofsOfAddress, documents, orders, tickets, trail } = file.data
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ')
  return (
    <Stack gap="sm">
      <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
        {name || customer.email}
      </Title>
      <Text size="xs">Opened for: {reason}</Text>
      <Notice text={notice} />
      <Section title="Details">
        <Facts
          rows={[
            ['E-mail', `${customer.email}${customer.emailVerified ? '' : ' (not confirmed)'}`],
            ['Name', name || '—'],
            [
              'Address',
              [customer.address, customer.postal, customer.city, customer.country].filter(Boolean).join(', ') || '—',
            ],
            ['Phone', customer.phone ?? '—'],
            ['Language', customer.language],
            ['Customer since', formatTime(customer.createdAt)],
            ['Account', customer.closed ? 'closed' : 'open'],
          ]}
        />
      </Section>
      <JourneySection journey={journey} />
      <Section title="Identity review">
        <IdentityReview file={file.data} refresh={refresh} />
      </Section>
      <EnhancedChecksSection file={file.data} refresh={refresh} />
      <ProofsOfAddressSection proofs={proofsOfAddress} reason={reason} refresh={refresh} />
      <DocumentsSection documents={documents} reason={reason} />
      <Section title="Orders">
        <OrdersTable orders={orders} reason={reason} />
      </Section>
      <TicketsSection tickets={tickets} />
      <Section title="Trail">
        <TrailTable entries={trail} />
      </Section>
    </Stack>
  )
}

/**
 * A customer's file: details, journey, what waits for a decision (identity, enhanced checks, proofs of address),
 * documents, orders, tickets and the trail (an audited view).
 */
export default function CustomerScreen() {
  const { customerId = '' } = useParams()
  return (
    <WithViewReason what="the customer's file">
      {(reason) => <CustomerFileView customerId={customerId} reason={reason} />}
    </WithViewReason>
  )
}
