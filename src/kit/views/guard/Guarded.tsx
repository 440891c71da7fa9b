import type { ReactNode } from 'react'
import type { Access } from '../../machines/access'
import { MessageView } from '../message/MessageView'
import { useAccess } from './useAccess'

export const NOT_AUTHORIZED = 'You are not authorized to view this.'

type Props = Access & {
  /** Denied: show nothing instead of the 'not authorized' message (buttons, fields, sections). */
  silent?: boolean
  children?: ReactNode
}

/**
 * A guarded area (SPEC.md §6): its children when the person may see it; otherwise the full-screen
 * message 'You are not authorized to view this.', or nothing when `silent`. Permission defaults to
 * ALLOW_ALL and type to any; `invert` flips the permission check; `allowAccess` decides outright.
 */
export function Guarded({ silent = false, children, ...access }: Props) {
  const allowed = useAccess(access)
  if (allowed) return <>{children}</>
  return silent ? null : <MessageView message={NOT_AUTHORIZED} />
}
