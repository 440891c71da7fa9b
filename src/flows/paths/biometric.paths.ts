import type { AnyPathsModel } from './model'

// Work in progress (issue 14): the model moves here from tests/model/biometric.model.test.
export const models: AnyPathsModel[] = []
