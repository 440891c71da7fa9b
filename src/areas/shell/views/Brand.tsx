import { Flex, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { Logo } from '../../../kit/views/brand/Logo'

/** Logo and name, leading home. */
export function Brand() {
  return (
    <Link
      to="/home"
      aria-label="Gatehouse home"
      style={{ color: 'inherit', textDecoration: 'none' }}
    >
      <Flex align="center" gap="2">
        <Logo size={32} />
        <Text size="5" weight="medium" style={{ fontFamily: 'var(--heading-font-family)' }}>
          Gatehouse
        </Text>
      </Flex>
    </Link>
  )
}
