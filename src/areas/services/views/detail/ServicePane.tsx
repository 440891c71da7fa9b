import { Badge, Box, Card, Flex, Heading, Link, Separator, Text } from '@radix-ui/themes'
import type { Service } from '../../../../../schema/service'
import { formatDateTime } from '../../../../kit/views/format/dateTime'
import { Guarded } from '../../../../kit/views/guard/Guarded'
import { useAccess } from '../../../../kit/views/guard/useAccess'
import { ServiceClientEditors } from './ServiceClientEditors'
import { ServiceEditors } from './ServiceEditors'
import { ServiceLifecycle } from './ServiceLifecycle'
import { ServiceLogo } from './ServiceLogo'
import { ServiceSecrets } from './ServiceSecrets'
import { TimeoutSlider } from './TimeoutSlider'

/**
 * One service (SPEC.md §2 'Services', §3 'Service'): its name, when it was created and updated,
 * the inline editors, the token timeouts, the logo, and Delete or Restore. A deleted service keeps
 * its data as it was until it is restored (the server refuses edits), so it shows read-only.
 */
export function ServicePane({ service }: { service: Service }) {
  // Without services.write (SPEC.md §6) everything reads as it is; the server refuses changes too.
  const writable = useAccess({ permission: 'services.write' })
  const readOnly = service.deleted || !writable
  return (
    <Flex direction="column" gap="4" asChild>
      <article aria-labelledby="service-detail-name">
        <Flex direction="column" gap="1">
          <Flex align="center" gap="2" wrap="wrap">
            <Heading
              as="h2"
              size="6"
              id="service-detail-name"
              style={{
                overflowWrap: 'anywhere',
                fontStyle: service.deleted ? 'italic' : undefined,
              }}
            >
              {service.name}
            </Heading>
            {service.deleted && <Badge color="gray">Deleted</Badge>}
          </Flex>
          <Flex gap={{ initial: '1', sm: '4' }} direction={{ initial: 'column', sm: 'row' }}>
            <Text size="1" color="gray">
              Created At {formatDateTime(service.createdAt)}
            </Text>
            <Text size="1" color="gray">
              Updated At {formatDateTime(service.updatedAt)}
            </Text>
            <Guarded permission="logs.read" silent>
              <Link href={`/logs?service=${encodeURIComponent(service.id)}`} size="1">
                Show in Logs
              </Link>
            </Guarded>
          </Flex>
          {service.deleted && writable && (
            <Text size="2" color="gray">
              This service is deleted. Restore it to change it.
            </Text>
          )}
        </Flex>
        <Card size={{ initial: '2', sm: '3' }}>
          <Flex direction="column" gap="4">
            <ServiceEditors service={service} readOnly={readOnly} />
            <Separator size="4" />
            <TimeoutSlider
              key={`${service.id}-access`}
              service={service}
              field="accessTokenTimeout"
              readOnly={readOnly}
            />
            <TimeoutSlider
              key={`${service.id}-refresh`}
              service={service}
              field="refreshTokenTimeout"
              readOnly={readOnly}
            />
            <Separator size="4" />
            <ServiceLogo key={service.id} service={service} readOnly={readOnly} />
          </Flex>
        </Card>
        <Card size={{ initial: '2', sm: '3' }}>
          <ServiceClientEditors service={service} readOnly={readOnly} />
        </Card>
        {/* Secrets need services.write to be read at all; a deleted service's wait for Restore. */}
        {service.clientType === 'confidential' && !readOnly && (
          <Card size={{ initial: '2', sm: '3' }}>
            <ServiceSecrets key={service.id} service={service} />
          </Card>
        )}
        <Box>
          {/* A delete or restore made elsewhere (another tab) starts the buttons afresh. */}
          <Guarded permission="services.write" silent>
            <ServiceLifecycle key={`${service.id}-${String(service.deleted)}`} service={service} />
          </Guarded>
        </Box>
      </article>
    </Flex>
  )
}
