import { describe, expect, it } from 'vitest'
import type { NotificationItem } from '../../src/kit/machines/notification.machine'
import { enqueueEvent } from '../../src/kit/machines/notifications.machine'

describe('enqueueSnackbar', () => {
  it.each([undefined, null, {}, { message: '' }, { message: 42 }])(
    'throws SPEC.md §8 error for %j',
    (item) => {
      expect(() => enqueueEvent(item as NotificationItem)).toThrow(
        new Error('enqueueSnackbar called with invalid argument'),
      )
    },
  )

  it('makes the enqueue event for an item with a message', () => {
    expect(enqueueEvent({ message: 'Your name was saved' })).toEqual({
      type: 'notify.enqueue',
      item: { message: 'Your name was saved' },
    })
  })
})
