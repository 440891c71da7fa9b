import { describe, expect, it } from 'vitest'
import { aService } from '../../src/kit/fixtures/service.fixtures'
import {
  serviceBackchannelEditor,
  serviceClientTypeEditor,
  serviceFirstPartyEditor,
  serviceUriListEditor,
  uriLines,
} from '../../src/areas/services/machines/serviceEditors'

const service = aService({ redirectUris: ['https://a.example.com/cb'] })
const put = () => Promise.resolve(service)

describe("the service's client editors (docs/sso.md)", () => {
  it('read redirect URIs one per line, spaces and commas separating too', () => {
    expect(
      uriLines(' https://a.example.com/cb\n\nhttps://b.example.com/cb, https://c.example.com '),
    ).toEqual(['https://a.example.com/cb', 'https://b.example.com/cb', 'https://c.example.com'])
    const spec = serviceUriListEditor('redirectUris', put)
    expect(spec.fields(service)).toEqual({ redirectUris: 'https://a.example.com/cb' })
    expect(spec.isChanged({ redirectUris: 'https://a.example.com/cb\n' }, service)).toBe(false)
    expect(spec.isChanged({ redirectUris: '' }, service)).toBe(true)
    expect(spec.errors({ redirectUris: '' }).redirectUris).toBeUndefined()
    expect(spec.errors({ redirectUris: 'https://a.example.com/#x' }).redirectUris).toMatch(
      /#fragment/,
    )
    expect(spec.errors({ redirectUris: 'ftp://a.example.com' }).redirectUris).toBeDefined()
    expect(spec.body({ redirectUris: 'https://b.example.com/cb\nhttps://c.example.com' })).toEqual([
      'https://b.example.com/cb',
      'https://c.example.com',
    ])
  })

  it('take an empty back-channel URI as none, and refuse a relative one', () => {
    const spec = serviceBackchannelEditor(put)
    expect(spec.errors({ backchannelLogoutUri: '' }).backchannelLogoutUri).toBeUndefined()
    expect(spec.errors({ backchannelLogoutUri: '/logout' }).backchannelLogoutUri).toBeDefined()
    expect(spec.body({ backchannelLogoutUri: ' https://a.example.com/bc ' })).toBe(
      'https://a.example.com/bc',
    )
  })

  it('send the client type as chosen and the consent choice as firstParty', () => {
    const type = serviceClientTypeEditor(put)
    expect(type.isChanged({ clientType: 'public' }, service)).toBe(false)
    expect(type.body({ clientType: 'confidential' })).toBe('confidential')
    expect(type.errors({ clientType: 'secret' }).clientType).toBe('Required')
    const party = serviceFirstPartyEditor(put)
    expect(party.fields(service)).toEqual({ firstParty: 'first' })
    expect(party.isChanged({ firstParty: 'third' }, service)).toBe(true)
    expect(party.body({ firstParty: 'third' })).toBe(false)
  })
})
