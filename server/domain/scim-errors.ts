/**
 * SCIM's own error answers (RFC 7644 §3.12): `/scim/v2` answers these instead of the `/v1`
 * envelope, so that SCIM clients (Entra, Okta) read them (docs/scim.md).
 */
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error'

/** The `scimType` values of RFC 7644 table 9 that Gatehouse answers. */
export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive'

/** A refusal in SCIM's terms; routes turn it into `{schemas, status, scimType?, detail}`. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail)
    this.name = 'ScimError'
  }

  /** The body RFC 7644 §3.12 describes; `status` is a string there. */
  toBody() {
    return {
      schemas: [SCIM_ERROR_SCHEMA],
      status: String(this.status),
      ...(this.scimType ? { scimType: this.scimType } : {}),
      detail: this.detail,
    }
  }
}
