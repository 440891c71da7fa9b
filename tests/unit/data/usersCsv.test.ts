import { describe, expect, it } from 'vitest'
import { listUser } from '../../../src/areas/users/paths/userList.fixtures'
import { CSV_COLUMNS, csvCell, usersCsv } from '../../../src/areas/users/views/csv'

describe('users.csv', () => {
  it('quotes cells with commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('Lovelace, Ada')).toBe('"Lovelace, Ada"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
  })

  it('guards cells a spreadsheet would read as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/)
    }
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvCell('a=b')).toBe('a=b')
  })

  it('writes the header and one CRLF line per user, in the order given', () => {
    const rows = [
      listUser(1, { locked: true, use2FA: true, passkeys: 2 }),
      listUser(0, { nameLast: '=cmd', phone: null, lastLogin: null, use2FA: false }),
    ]
    const lines = usersCsv(rows).split('\r\n')
    expect(lines[0]).toBe(CSV_COLUMNS.join(','))
    expect(lines[1]).toBe(
      `${rows[0]!.id},Hopper,Grace,grace@example.com,5550100002,INTERNAL,locked,on,2,${rows[0]!.lastLogin},${rows[0]!.createdAt}`,
    )
    expect(lines[2]).toBe(`${rows[1]!.id},'=cmd,Ada,ada@example.com,,INTERNAL,active,off,0,,${rows[1]!.createdAt}`)
    expect(lines).toHaveLength(4)
    expect(lines[3]).toBe('')
  })
})
