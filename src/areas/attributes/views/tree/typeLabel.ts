import type { AttributeType } from '../../../../../schema/attributes'

/** What the tree and Add Existing call each key type: containers by their place in the tree. */
export const TYPE_LABEL: Record<AttributeType, string> = {
  ROOT: 'Trunk',
  BRANCH: 'Branch',
  BOOLEAN: 'Boolean',
  DECIMAL: 'Decimal',
  INTEGER: 'Integer',
  STRING: 'String',
}
