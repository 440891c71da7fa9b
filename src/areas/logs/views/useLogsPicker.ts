import { useEffect } from 'react'
import {
  logsPickerMachine,
  type LogsPickerActor,
  type PickerKind,
} from '../machines/logsPicker.machine'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'

/**
 * The picker of one id filter of /logs. The URL is the filters' home: whatever changes the filter
 * there (a pick, a chip, Clear filters, Back, a link) tells the picker, whose chip then names it.
 */
export function useLogsPicker(kind: PickerKind, value: string | undefined) {
  const actor: LogsPickerActor | undefined = useScreenActor(logsPickerMachine, { input: { kind } })
  useEffect(() => {
    actor?.send({ type: 'picker.valueChanged', value: value ?? null })
  }, [actor, value])
  return actor
}
